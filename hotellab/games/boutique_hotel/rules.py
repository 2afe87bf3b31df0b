"""Boutique Hotel Manager: every rule reference, the node kinds and the phase table.

The rulebook is "Jak grać w Boutique Hotel Manager" (Polish). Sections are cited by their
Polish names (e.g. "Faza rezerwacji"); each :class:`RuleRef` quotes the rulebook's own words
(cut with "…"). A value the project had to supply is cited with ``reconstructed=True`` in the
quote's place (see ``docs/rulings/boutique_hotel.md``). Everything here is in rulebook order.
"""

from __future__ import annotations

from ...core.rules import Phase, RuleRef

GAME_ID = "boutique_hotel"


def _r(section: str, quote: str = "", reconstructed: bool = False) -> RuleRef:
    return RuleRef(GAME_ID, section, quote, reconstructed)


# -- W pigułce ---------------------------------------------------------------------------
R_OVERVIEW = _r("W pigułce", "W fazie rezerwacji gracze ustalają ceny za dzień, a goście wybierają najtańszy dostępny hotel.")
# -- Komponenty ---------------------------------------------------------------------------
R_COMPONENTS = _r("Komponenty", "16 Kostki z cenami (ponumerowane), 8 na gracza")
R_TOKENS = _r("Komponenty", "56 Żetony, w dwóch kolorach i dwóch kształtach … kwadraty oznaczają daty zameldowania … "
              "brązowe oznaczają daty z pokojem i śniadaniem")
R_CONNECTION_TOKENS = _r("Komponenty", "8 Przezroczyste żetony połączeń pokoi")
# -- Instrukcje przygotowania --------------------------------------------------------------
R_SETUP_BOARD = _r("Instrukcje przygotowania / 1", "Każdy gracz bierze planszę hotelu, 8 kostek ceny (z numerami), 3 kostki personelu")
R_SETUP_GUESTS = _r("Instrukcje przygotowania / 2", "Weź 10 losowych kart gości zakrytych i umieść je na środku stołu.")
R_SETUP_DIE = _r("Instrukcje przygotowania / 3", "Umieść kość zameldowania na środku.")
# -- Faza przygotowania do tygodnia 1 -------------------------------------------------------
R_PRICES = _r("Faza przygotowania do tygodnia 1",
              "Każdy gracz w tajemnicy ustala swoje stawki dzienne, umieszczając 1 Kostka ceny w każdym dniu tygodnia")
R_PRICE_VALUES = _r("Faza przygotowania do tygodnia 1", "Wartości na kościach oznaczają od 100 do 600 co 100.")
R_START_MONEY = _r("Faza przygotowania do tygodnia 1", "Każdy gracz otrzymuje 500 w kartach pieniędzy i 1 pustą kartę pieniędzy")
R_START_RATING = _r("Faza przygotowania do tygodnia 1", "Każdy gracz umieszcza swój znacznik oceny na polu z 3 gwiazdkami")
R_START_ROOMS = _r("Faza przygotowania do tygodnia 1", "każdy gracz zaczyna tylko z 3 pokojami w swoim hotelu oznaczonymi jako \"Start\"")
# -- Faza rezerwacji -----------------------------------------------------------------------
R_TURN_ORDER = _r("Faza rezerwacji", "Gracze wykonują ruchy kolejno, zaczynając od najmłodszego, zgodnie z ruchem wskazówek zegara.")
R_CHANGE_ONE = _r("Faza rezerwacji", "Na początku swojej tury gracz może zmienić jedną i tylko jedną kość ceny.")
R_CHECKIN_DIE = _r("Faza rezerwacji", "gracz rzuca białą kością zameldowania; wynik pokazuje dzień, w którym goście się meldują.")
R_DRAW_GUEST = _r("Faza rezerwacji", "Gracz dobiera i odkrywa kartę gościa, która pokazuje typ pobytu")
R_QUOTE = _r("Faza rezerwacji", "Każdy gracz mający dostępność oblicza całkowitą stawkę za pobyt, w tym śniadanie, jeśli zostało zamówione.")
R_SAME_ROOMS = _r("Faza rezerwacji", "aby mieć dostępność, gracze muszą oferować te same pokoje przez cały pobyt.")
R_DOORS = _r("Faza rezerwacji", "chyba że między pokojami znajduje się symbol drzwi, który wymaga, aby pokoje przylegały do siebie.")
R_RATE_PER_ROOM = _r("Faza rezerwacji / Przykład obliczenia ceny", "Stawka dzienna dotyczy każdego pokoju w hotelu.")
R_LOWEST = _r("Faza rezerwacji", "Gracz oferujący najniższą cenę całkowitą wygrywa gości i otrzymuje pieniądze.")
R_TIE_RATING = _r("Faza rezerwacji", "Jeśli cena jest równa, goście wybierają hotel z najlepszą oceną.")
R_TIE_BID = _r("Faza rezerwacji", "Jeśli oceny są równe, gracze rywalizują w marketingu poprzez licytację Karty pieniędzy zakryte")
R_BLANK = _r("Faza rezerwacji", "pusta karta służy do blefowania przeciwnika")
R_BID_LOSERS = _r("Faza rezerwacji", "Przegrani licytanci odrzucają swoje oferty, ponieważ wydatki na marketing są bezzwrotne.")
R_TIE_ALL = _r("Faza rezerwacji", "Jeśli nadal jest remis, wszyscy remisujący gracze otrzymują gości.")
R_BLOCK = _r("Faza rezerwacji", "Zwycięski gracz następnie blokuje pokoje zgodnie z symbolami na kartach.")
R_CONNECT = _r("Faza rezerwacji", "muszą być połączone przezroczystą kostką na planszy hotelu")
R_FULL = _r("Faza rezerwacji", "Jeśli wszystkie są zarezerwowane jednego dnia, hotel jest pełny tego dnia.")
R_REPEAT = _r("Faza rezerwacji", "Powtórz dla wszystkich 10 Kart Gości.")
# -- Faza planowania -----------------------------------------------------------------------
R_HIRE = _r("Faza planowania", "Personel musi być zatrudniony na cały tydzień, nawet jeśli zapotrzebowanie jest tylko jednego dnia tygodnia.")
R_CLEANING = _r("Faza planowania", "Sprzątanie: 1 pracownik na zajęty pokój dziennie.")
R_CHECKIN_STAFF = _r("Faza planowania", "Zameldowanie: 1 pracownik na każdego gościa meldującego się danego dnia (kwadraty w dowolnym kolorze)")
R_KITCHEN = _r("Faza planowania", "Kuchnia: 1 pracownik na pobyt ze śniadaniem danego dnia (brązowe żetony o dowolnym kształcie)")
R_WAGES = _r("Faza planowania", "płacą 300 za pracownika (każde oczko równa się 1 pracownikowi)")
# -- Faza gości bez rezerwacji -------------------------------------------------------------
R_WALKIN = _r("Faza gości bez rezerwacji", "Ta faza składa się z 7 tur, które reprezentują 7 dni tygodnia.")
R_RANK = _r("Faza gości bez rezerwacji", "uszereguj wszystkich graczy od najniższej do najwyższej kwoty pieniędzy.")
R_RANK_BID = _r("Faza gości bez rezerwacji", "W przypadku remisu, gracze licytują Karty pieniędzy zakryte na marketing. Wszystkie pieniądze na marketing są stracone.")
R_RANK_ROLL = _r("Faza gości bez rezerwacji", "Jeśli nadal jest remis, rzuć białą kością, aby wyłonić zwycięzcę.")
R_WALKIN_CHANGE = _r("Faza gości bez rezerwacji / Każdego dnia", "Gracze mogą zmienić jedną Kostkę Ceny.")
R_BUDGET = _r("Faza gości bez rezerwacji / Każdego dnia", "Rzuć białą kością, aby określić budżet gościa na noc.")
R_WALKIN_DRAW = _r("Faza gości bez rezerwacji / Każdego dnia", "Dobierz Kartę Gościa.")
R_WALKIN_GO = _r("Faza gości bez rezerwacji / Każdego dnia",
                 "Goście udają się do pierwszego hotelu (zgodnie z rankingiem), który mieści się w ich budżecie. Jeśli żaden hotel nie spełnia wymagań, goście są straceni.")
# -- Faza oceny ------------------------------------------------------------------------------
R_DEMAND = _r("Faza oceny", "zapotrzebowanie na tydzień to maksimum każdego rodzaju personelu w dowolnym dniu")
R_SHORTFALL = _r("Faza oceny", "Za każde uchybienie tracisz 1 gwiazdkę (możliwych jest wiele naruszeń w każdej kategorii).")
R_ZERO = _r("Faza oceny", "Gracz, który osiągnie 0 gwiazdek, przegrywa grę.")
R_NO_VIOLATION = _r("Faza oceny", "Jeśli nie ma naruszeń, zwiększ ocenę o 1 gwiazdkę.")
R_TRACK_TOP = _r("Faza oceny", "the rating track ends at 5 stars (ruling BH-02)", reconstructed=True)
"""The rating track's top (5 stars) is reconstructed (BH-02)."""
# -- Faza ekspansji --------------------------------------------------------------------------
R_EXPAND = _r("Faza ekspansji", "Gracze mogą zapłacić 1000 za pokój, aby rozbudować swój hotel na następną rundę.")
# -- Faza przygotowań do tygodnia 2 ----------------------------------------------------------
R_WEEK2 = _r("Faza przygotowań do tygodnia 2", "Każdy gracz potajemnie ustala nowe stawki dzienne")
R_WEEK2_CLEAR = _r("Faza przygotowań do tygodnia 2", "Gracze usuwają kości personelu … Wszystko Żetony pobytu i zameldowania są usuwane")
R_CARRY = _r("Faza przygotowań do tygodnia 2", "Żetony z poprzednich tygodni, które zostały przeniesione, są dodawane, jeśli takie istnieją.")
# -- Koniec gry ------------------------------------------------------------------------------
R_END = _r("Koniec gry", "Na koniec drugiego tygodnia wygrywa gracz, który ma najwięcej pieniędzy.")
R_END_TIE = _r("Koniec gry", "W przypadku remisu wygrywa najwyżej oceniany gracz. Jeśli nadal jest remis, gra kończy się remisem.")
# -- Najczęściej zadawane pytania ------------------------------------------------------------
R_SUNDAY = _r("Najczęściej zadawane pytania", "Użyj stawki niedzielnej na dodatkowe dni.")
R_CARRY_FAQ = _r("Najczęściej zadawane pytania", "Umieść żetony po stronie mat hotelowych; przenoszą się na następny tydzień, jeśli to konieczne.")
# -- Dodatkowe zasady ------------------------------------------------------------------------
R_MORE = _r("Dodatkowe zasady", "Dzięki dodatkowym zestawom w grę może grać dowolna liczba graczy.")
R_MORE_CARDS = _r("Dodatkowe zasady", "dobierz 5-krotność liczby graczy z Kart Gości")
R_MORE_WALKINS = _r("Dodatkowe zasady", "na każde 2 graczy pojawia się jeden niezapowiedziany gość dziennie.")

# -- node kinds (what the state waits for), in rulebook order ----------------------------------
N_SET_PRICE = "set_price"        # week preparation: a seat sets its next price die in secret
N_CHANGE = "change_price"        # reservation turn / walk-in day: change one price die or keep
N_CHECKIN_ROLL = "checkin_roll"  # chance: the check-in die
N_DRAW = "draw_guest"            # chance: a guest card (reservation or walk-in)
N_BID = "marketing_bid"          # a tied seat bids money cards face down
N_BLOCK = "block_rooms"          # the winning hotel blocks rooms for the stay
N_HIRE = "hire_staff"            # planning: hire staff of one kind
N_RANK_BID = "ranking_bid"       # walk-in ranking tie: a secret marketing bid
N_RANK_ROLL = "ranking_roll"     # chance: the white die settles a ranking tie
N_BUDGET_ROLL = "budget_roll"    # chance: the walk-in guest's nightly budget
N_WALKIN_CHANGE = "walkin_change_price"  # a walk-in day: a player may change one price die
N_WALKIN_DRAW = "walkin_draw_guest"      # chance: the walk-in's guest card
N_WALKIN_BLOCK = "walkin_block_rooms"    # the hotel the walk-ins chose blocks rooms
N_EXPAND = "expand"              # expansion: buy a room or finish
N_END = "end"                    # the game is over

CHANCE_NODES = frozenset({N_CHECKIN_ROLL, N_DRAW, N_RANK_ROLL, N_BUDGET_ROLL, N_WALKIN_DRAW})
WALKIN_KIND = {N_CHANGE: N_WALKIN_CHANGE, N_DRAW: N_WALKIN_DRAW, N_BLOCK: N_WALKIN_BLOCK}
"""The node kind of a walk-in day's step that works like a reservation step."""

PHASES = (
    Phase("Faza przygotowania do tygodnia", R_PRICES, nodes=(N_SET_PRICE,)),
    Phase("Faza rezerwacji", R_TURN_ORDER, nodes=(N_CHANGE, N_CHECKIN_ROLL, N_DRAW, N_BID, N_BLOCK)),
    Phase("Faza planowania", R_HIRE, nodes=(N_HIRE,)),
    Phase("Faza gości bez rezerwacji", R_WALKIN,
          nodes=(N_RANK_BID, N_RANK_ROLL, N_WALKIN_CHANGE, N_BUDGET_ROLL, N_WALKIN_DRAW, N_WALKIN_BLOCK)),
    Phase("Faza ekspansji", R_EXPAND, nodes=(N_EXPAND,)),
    Phase("Koniec gry", R_END, nodes=(N_END,)),
)
"""The phases in rulebook order that wait for a decision or a chance outcome. The rating
(Faza oceny) waits for nobody: it is scored by the action that ends the walk-in phase, and its
events cite Faza oceny; the next state is in the expansion (week 1) or at the end (week 2)."""

RULE_TABLE = (
    R_OVERVIEW, R_COMPONENTS, R_TOKENS, R_CONNECTION_TOKENS,
    R_SETUP_BOARD, R_SETUP_GUESTS, R_SETUP_DIE,
    R_PRICES, R_PRICE_VALUES, R_START_MONEY, R_START_RATING, R_START_ROOMS,
    R_TURN_ORDER, R_CHANGE_ONE, R_CHECKIN_DIE, R_DRAW_GUEST, R_QUOTE, R_SAME_ROOMS, R_DOORS,
    R_RATE_PER_ROOM, R_LOWEST, R_TIE_RATING, R_TIE_BID, R_BLANK, R_BID_LOSERS, R_TIE_ALL,
    R_BLOCK, R_CONNECT, R_FULL, R_REPEAT,
    R_HIRE, R_CLEANING, R_CHECKIN_STAFF, R_KITCHEN, R_WAGES,
    R_WALKIN, R_RANK, R_RANK_BID, R_RANK_ROLL, R_WALKIN_CHANGE, R_BUDGET, R_WALKIN_DRAW, R_WALKIN_GO,
    R_DEMAND, R_SHORTFALL, R_ZERO, R_NO_VIOLATION, R_TRACK_TOP,
    R_EXPAND,
    R_WEEK2, R_WEEK2_CLEAR, R_CARRY,
    R_END, R_END_TIE,
    R_SUNDAY, R_CARRY_FAQ,
    R_MORE, R_MORE_CARDS, R_MORE_WALKINS,
)
"""Every rule reference of the game, in rulebook order."""
