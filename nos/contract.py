"""The names the engine and the page share: the view format's version and the values of its
enumerations (docs/view-format.md). The engine writes these values into the view and the
page compares with these names, never with a string of its own.

Shared by the engine (``nos.contract``) and the page, which imports it by name alone
(``contract``, packed into web/page.pack and web/site.pack beside the page's modules), so it
keeps to MicroPython's subset and holds nothing but constants.
"""

# The version of the view and of the worker's replies (docs/view-format.md). A change that
# removes a field, renames one or changes its meaning takes the next number; the page
# refuses a view of another version (it was saved, or sent, by another version of the app).
VERSION = 3

# The phases of a hand (the view's ``hand.phase``; ``nos.phase.Phase``'s values), in order.
PHASE_SET = "set"  # R4, R5: the player on set sets a double or draws the set tile
PHASE_ANNOUNCE = "announce"  # R7: the player on set announces one of the 17 games
PHASE_DECLARE = "declare"  # R8: each seat in turn declares doubles or declines
PHASE_OUT_OF_TURN = "out of turn"  # R9: each seat may play doubles on the set tile's sides
PHASE_PLAY = "play"  # R11-R19: the turns
PHASE_OVER = "over"  # R20: the hand has ended (R21: counted)
PHASES = (PHASE_SET, PHASE_ANNOUNCE, PHASE_DECLARE, PHASE_OUT_OF_TURN, PHASE_PLAY, PHASE_OVER)

# The kinds of a legal record (the view's ``hand.legal[].kind``, ``undo.kind``, the coach's
# ``options[].do[].kind``): what the page offers, each with the exact action to send back.
KIND_SET = "set"  # R4, R5: set this double
KIND_DRAW_SET = "draw_set"  # R5: no double held: draw the set tile
KIND_ANNOUNCE = "announce"  # R7: announce this game
KIND_DECLARE = "declare"  # R8: declare these doubles
KIND_DECLINE = "decline"  # R8: declare nothing
KIND_NO_DOUBLE = "no_double"  # R9: play no double out of turn
KIND_PLAY = "play"  # R9, R11, R14, R16: play this tile on this side (its flags with it)
KIND_DRAW = "draw"  # R11: draw a tile
KIND_DRAW_UNTIL = "draw_until"  # R12: nothing fits: draw until a tile fits, in one go
KIND_WAIT = "wait"  # R10: wait the turn owed for a double played out of turn
KIND_PASS = "pass"  # R12: nothing fits and nothing may be drawn
KIND_UNDO = "undo"  # take back the person's last play or set (the view's ``undo``)
KINDS = (KIND_SET, KIND_DRAW_SET, KIND_ANNOUNCE, KIND_DECLARE, KIND_DECLINE, KIND_NO_DOUBLE,
         KIND_PLAY, KIND_DRAW, KIND_DRAW_UNTIL, KIND_WAIT, KIND_PASS, KIND_UNDO)

# What the table waits for (the view's ``waiting_for``).
WAITING_START = "start"  # no hand dealt yet
WAITING_HUMAN = "human"  # the person whose screen it is decides (``hand.legal``)
WAITING_BOT = "bot"  # a computer player, or the person's step with nothing to decide (R71)
WAITING_OTHER = "other"  # played together: a person at another device decides
WAITING_NEXT_HAND = "next_hand"  # the hand is over (R20, R21)
WAITING_DONE = "done"  # the session is settled (R24)
WAITING = (WAITING_START, WAITING_HUMAN, WAITING_BOT, WAITING_OTHER, WAITING_NEXT_HAND,
           WAITING_DONE)

# The matchings (R60-R62) of a layout's arm, a tile on it, an announcement's side.
ORDINARY = "ordinary"
MATADOR = "matador"
MATCHINGS = (ORDINARY, MATADOR)

# The shape of a layout (``hand.layout.shape``, an announcement option's ``shape``).
SHAPE_LINE = "line"
SHAPE_CROSS = "cross"
SHAPE_TRIANGLE = "triangle"
SHAPES = (SHAPE_LINE, SHAPE_CROSS, SHAPE_TRIANGLE)

# How a tile lies (R63): the set tile (``hand.layout.set_lies``, an announcement option's),
# each placed tile (the last of an arm's ``tiles`` entries) and the tile an end awaits
# (an arm's ``end_lies``).
INLINE = "inline"
CROSSWISE = "crosswise"
LIES = (INLINE, CROSSWISE)

# Why the player on set sets what they may (``hand.set_reason``, the set's own screen only):
# the first hand's highest double (R4), one of their doubles, or, holding none, the set
# tile drawn from the boneyard (R5).
SET_HIGHEST = "highest"  # R4
SET_CHOOSE = "choose"  # R5: one or more doubles
SET_DRAW = "draw"  # R5: no double
SET_REASONS = (SET_HIGHEST, SET_CHOOSE, SET_DRAW)

# What "Verify the deal" found (``fair.verified``): the seal shown matches, no seal was kept
# (the deal alone was checked), or which check failed.
VERIFIED_OK = "ok"
VERIFIED_UNSEEN = "unseen"
VERIFIED_COMMITMENT = "commitment"
VERIFIED_DEAL = "deal"
VERDICTS = (VERIFIED_OK, VERIFIED_UNSEEN, VERIFIED_COMMITMENT, VERIFIED_DEAL)

# Why a hand ended (``hand.end_reason``): one player left in it (R20a), a right close (R18),
# every seat still in passed in a row (R20c).
END_REASONS = ("R20a", "R18", "R20c")
