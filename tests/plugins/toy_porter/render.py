"""Night Porter's board: a pure function of the view model."""

from hotellab.games._svg import esc


def render_svg(view: dict) -> str:
    rows = [f'<text x="10" y="24" font-size="16">{esc(view["status"])}</text>',
            f'<text x="10" y="48" font-size="14">keys left: {int(view["keys"])}</text>']
    for i, seat in enumerate(view["seats"]):
        tip = "?" if seat["tip"] is None else str(int(seat["tip"]))
        rows.append(f'<text x="10" y="{72 + 20 * i}" font-size="14">{esc(seat["name"])}: tip {tip}, '
                    f'score {"?" if seat["score"] is None else int(seat["score"])}</text>')
    height = 90 + 20 * len(view["seats"])
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 {height}" width="100%">'
            f'<rect width="360" height="{height}" fill="#fffdf7"/>{"".join(rows)}</svg>')
