"""The page's state (main thread, MicroPython): one `Page`, made at boot and passed to
every handler, in six parts named for what they hold.

- `Link`: the worker `engine` and the requests to it (one at a time; how many are
  pending; which game the computer players' loop belongs to; whether the engine holds the
  game shown yet).
- `Shown`: what the page shows: the engine's last view, its error, a notice, the words of
  the language shown, the screen's design.
- `Selection`: the person's move in the making: the tile picked, the outward end still to
  choose, the close and claim toggles, a drag under way.
- `Dialogs`: the announcement dialog's choices and the new-game dialog's.
- `Together`: played together, this device's part and each seat's connection.
- `Drawn`: what the page drew last, kept by the drawing (display.py, felt_room.py,
  access.py) to draw only what changed: caches, none of it the engine's or the person's.

Every part changes only through its `set` (or a method here that names the change): the
names are checked, so a misspelt one raises instead of making a new attribute, and every
change is a call that can be found (tests/test_page_state.py keeps it so).
Nothing here knows a rule: the view says what is legal and what each limit is.
"""

import asyncio

from say import Words

SCALARS = (bool, int, float, str, type(None))


class Part:
    """A part of the page's state. It notes the names it changes until the page's
    `changes()` takes them (display.redraw: what to draw anew)."""

    noted = None  # the names changed since `changes()` (a list, once one changed)

    def set(self, **changes):
        """Change these attributes (each must exist: a misspelt name raises)."""
        for name in changes:
            if name == "noted" or not hasattr(self, name):
                raise AttributeError(name)  # (a misspelt name: a fault of the page)
        for name in changes:
            old, new = getattr(self, name), changes[name]
            setattr(self, name, new)
            # (a value as it was is no change: a scalar equal to it, or the same object)
            if old is not new and (type(new) not in SCALARS or old != new):
                self.note(name)

    def note(self, name):
        if self.noted is None:
            self.noted = []
        if name not in self.noted:  # (a pan notes each pointer's step: once is enough)
            self.noted.append(name)

    def put(self, name, key, value):
        """Set one entry of a dict attribute."""
        getattr(self, name)[key] = value
        self.note(name)

    def drop(self, name, key):
        """Take one entry out of a dict attribute: its value, or None."""
        self.note(name)
        return getattr(self, name).pop(key, None)

    def count(self, name, by=1):
        """Add `by` to a counter; its new value."""
        value = getattr(self, name) + by
        self.set(**{name: value})
        return value


class Link(Part):
    """The worker and the requests to it."""

    def __init__(self):
        self.engine = None  # the worker's proxy, once it has started
        self.busy = False  # a request is under way (one at a time: `lock`)
        self.lock = asyncio.Lock()  # requests wait on it in the order they come
        self.pending = 0  # requests spawned and not yet finished
        self.gen = 0  # the game the page is on: a new game abandons the old one's loop
        self.bots = None  # the game whose computer players' loop runs, if any
        self.replies = 0  # replies shown (the tests wait on it)
        self.synced = False  # the engine holds the game shown (not yet a saved one at boot)
        self.stalled = False  # a computer player's step failed: the loop waits for a resume
        self.elsewhere = False  # the saved game went on in another tab: this one stopped
        self.shown_raw = None  # the text of the reply drawn at boot from storage
        self.paused = 0  # ms the computer players paused before the game was playable
        self.play_on = None  # an asyncio.Event while the next player waits on an Undo


class Shown(Part):
    """What the page shows."""

    def __init__(self):
        self.view = None  # the engine's last view (nos/view.py)
        self.error = None  # the last reply's error, an event
        self.notice = None  # a notice to the person, an event
        self.broken = None  # why the saved game was lost (an event), until a new game
        self.offer = None  # a link's new game, asked about before it replaces a saved one
        self.settings = None  # the engine's settings, when no view brings them
        self.words = Words({"lang": "en", "words": {}})
        self.lang = "en"
        self.static_lang = "en"  # the language the page's static words are in (index.html's)
        self.mode = "wide"  # the screen's design: "wide" or "narrow" (a phone)
        self.pace = None  # ms the computer players pause per step
        self.lang_arrow = -1e9  # when an arrow key last moved the language list (ms)
        self.lang_gen = 0  # changes of the language list (a switch waits for the last)
        self.lang_loading = False  # the language chosen last is on its way (controller.py)
        self.share = None  # what the Share dialog offers (the worker's share reply)
        self.zoom = None  # (hand number, (z, tx, ty)): the layout's zoom in that hand
        self.seen = None  # pass-and-play: the seat whose tiles the device has been handed to
        self.seals = None  # {hand number: the seal of its deal shown before it} (seals.py)
        self.coach = False  # the coach is switched on (coaching.py; off by default)
        self.coach_seats = {}  # pass-and-play: each person's switch, by seat
        self.coaching = False  # its loop runs
        self.refined = 0  # how often it refined its advice on the view shown (advise)
        self.coach_hover = False  # a mouse over the list of its panel (coaching.py)
        self.review = None  # the hand review shown (nos/review.py), and its step
        self.review_step = 0
        self.review_asked = 0  # counts the reviews asked for: only the latest is shown
        self.review_notice = None  # the review dialog's sentence (an event) instead of one
        self.review_busy = False  # the review asked for is under way
        self.size = None  # (w, h) px of the felt's box now (a resize: the layout follows)

    def seen_from(self, viewer, names):
        """The words, saying "you" of `viewer` and naming the seats `names` (the seat
        the view is for: set each time they are asked for, as the view may have changed)."""
        self.words.viewer = viewer
        self.words.names = names
        return self.words

    def advise(self, view):
        """The view of the same decision with the coach's advice refined (coaching.run):
        only the advice is drawn anew, in place."""
        self.view = view
        self.count("refined")


class Selection(Part):
    """The person's move in the making."""

    def __init__(self):
        self.tile = None  # the tile picked in the hand
        self.choice = None  # {"tile", "arm", "outs"} when the outward end is to choose
        self.close = False  # the close toggle (R18)
        self.claim = False  # the claim toggle
        self.confirm = None  # {"tile", "arm", "out"}: a play with a close, to confirm (R18/R19)
        self.settle = False  # "End the session" pressed, to confirm (R24: no hands after it)
        self.drag = None  # {"tile", "x", "y", "moved", "touch", "scroll", "pointer"}: a press
        self.drag_end = None  # (time, x, y) of the last drop: its click is not a move
        self.pan = None  # {"pointers", "from", "start", "moved"} while the layout is panned

    def clear(self):
        """Drop the tile picked and the end to choose (the toggles stay)."""
        self.set(tile=None, choice=None, confirm=None, settle=False)


class Dialogs(Part):
    """The dialogs' choices."""

    def __init__(self):
        self.announce = None  # render_announce's state, while the dialog is in use
        self.announce_hand = None  # the hand it was opened for
        # A mouse over the dialog's coach: its refinements wait (the list would reorder
        # under the pointer) and are drawn when it leaves.
        self.coach_hover = False
        # The game a coach's set would announce: (hand, its action), picked in the form
        # when the dialog opens for that hand (display.maybe_open_announce).
        self.then = None
        self.announcing = False  # the announcement dialog is open
        self.new_game = {"players": None, "people": 1, "seats": None, "level": None, "h1": False,
                         "h2": False,
                         "seed": "", "pace": None, "error": False}


class Together(Part):
    """Played together (docs/together.md): this device's part and each seat's connection."""

    def __init__(self):
        self.role = None  # "host", "guest", or None: a game of this device alone
        # The host's: seat -> "free" (no device yet), "inviting", "joined" or "lost".
        self.seats = {}
        self.inviting = None  # the seat whose invitation the host shows
        self.ready = {}  # seat -> its first view, asked for ahead (together.prefetch)
        self.offer = None  # that invitation's connection text
        self.state = None  # a guest's: "answering", "answer", "joined", "lost", "failed"
        self.answer = None  # a guest's answer, its connection text
        self.answering = None  # a guest's answer under way at boot (joining.begin)
        self.error = None  # why the last step failed (an event)
        self.pushing = False  # the host is sending the guests their views
        self.again = False  # the game changed while it did: send them again
        self.remote = None  # a guest's engine: the host, over the data channel
        self.scanning = False  # the host's camera looks for the invited device's code
        self.dealt = {}  # a guest's: hand number -> the tiles it was dealt (deal_check)
        self.verified = {}  # a guest's: hand number -> what its own check found
        self.drawn = False  # a guest's: it has drawn a view of the host's


class Drawn(Part):
    """What the page drew last: the drawing's own memory, to draw only what changed and to
    keep a placed tile where it lies."""

    def note(self, name):
        pass  # (what was drawn is no change to draw: page.changes() never asks)

    def __init__(self):
        self.felt = None  # (w, h) px of the layout's felt, as drawn last
        self.hand_w = 360  # px: the hand's width, as drawn last
        # ((hand number, screen), (w, h)): the room the hand's layout is planned for
        # (felt_room.plan_room: a placed tile never moves while the screen stays the same)
        self.plan = None
        self.frame = None  # ((hand number, felt), (s, tx, ty)): the layout as drawn last
        self.anchors = None  # {seat: (x, y)} px where each seat sits around the felt
        self.log_key = None  # what the log shows, to skip drawing it again
        self.log_drawn = []  # the log's HTML by hand, as shown (game_log.patch_log)
        self.log_cache = {}  # each entry and its HTML by its number (render_panels.log_hands)
        self.log_words = None  # the language, viewer and names that HTML is in
        self.help_key = None  # what the payments of "How to play" show
        self.legend_lang = None  # the language the table's legend is in
        self.scrolled_key = None  # the hand (and its end) last brought into view
        self.hand_html = None  # the hand as last drawn (drawn again only when it changes)
        self.heard = None  # how many log entries the live region has said (access.py)
        self.heard_turn = None  # whose turn the live region said last (access.tell_news)
        self.moved = None  # the log length, chips, last play, hand last drawn (motion)
        self.playable = False  # the page has been playable once (nos:playable is marked)
        self.diagram_url = None  # the last exported diagram's object URL
        self.coach_kept = None  # the order its options were shown in (render_coach.steady)
        # The table on the page is the next render's view's already (a restored game's
        # reply, word for word the one drawn at boot: engine_calls.apply): drawn once, not.
        self.table_ahead = False


class Page:
    """The whole state of the page."""

    def __init__(self):
        self.link = Link()
        self.shown = Shown()
        self.move = Selection()
        self.dialogs = Dialogs()
        self.together = Together()
        self.drawn = Drawn()

    @property
    def view(self):
        return self.shown.view

    def changes(self, among=None):
        """What changed since it was last taken, as "part.name" (display.redraw draws what
        they touch); only those `among` these names, if given (the rest stay noted). What
        the page drew (`drawn`) is not a change to draw."""
        out = set()
        for name, part in (("link", self.link), ("shown", self.shown), ("move", self.move),
                           ("dialogs", self.dialogs), ("together", self.together)):
            if part.noted:
                left = []
                for changed in part.noted:
                    if among is None or name + "." + changed in among:
                        out.add(name + "." + changed)
                    else:
                        left.append(changed)
                part.noted = left or None
        return out

    def hand(self):
        """The view's hand, or {}."""
        return (self.shown.view or {}).get("hand") or {}

    def phase(self):
        return self.hand().get("phase")

    def settings(self):
        """The engine's session settings and their limits (from the last view)."""
        return (self.shown.view or {}).get("settings") or self.shown.settings or {}

    def persons_turn(self):
        """The person may act on the view shown: it is theirs to move, and the engine holds
        the game (not yet while a saved game drawn at boot is being restored)."""
        view = self.shown.view
        return (self.link.synced and view is not None and view.get("waiting_for") == "human"
                and not self.pass_pending())

    def shared(self):
        """Pass-and-play: several people at this device."""
        return len((self.shown.view or {}).get("people") or []) > 1

    def pass_pending(self):
        """Pass-and-play: the view is another person's, who is to act and has not taken the
        device yet; the pass screen asks them to, and nothing of theirs is drawn until they
        have (display.render)."""
        view = self.shown.view or {}
        return self.tiles_hidden() and view.get("waiting_for") == "human"

    def tiles_hidden(self):
        """Pass-and-play: the viewer's tiles are not drawn, as the device is not theirs yet:
        at the pass screen, and while the computer players act before a person has taken
        the device (a new hand's view is the last person's, with their new tiles: R71)."""
        view = self.shown.view or {}
        return (self.shared() and view.get("waiting_for") in ("human", "bot")
                and view.get("viewer") != self.shown.seen)

    def idle(self):
        """No request is under way or waiting to start, nor the language chosen last."""
        return not self.link.busy and not self.link.pending and not self.shown.lang_loading
