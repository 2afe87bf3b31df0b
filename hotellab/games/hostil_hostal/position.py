"""placeholder"""
def to_position(s):
    raise NotImplementedError
def from_position(cls, game, table):
    raise NotImplementedError
def resample_hidden(s, seat, rng):
    raise NotImplementedError
