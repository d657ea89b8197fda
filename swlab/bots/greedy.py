"""A greedy bot that maximises the coins of the current turn, and a move hint built on it.

How :class:`GreedyBot` decides (every estimate comes from applying actions to the immutable
state, so it works with any race, power or badge action the engine lists):

* **Pick** — every combo the player can pay for is valued by a static estimate of its
  first turn (:meth:`GreedyBot.first_turn_estimate`: a greedy walk over the regions it can
  reach, cheapest first, with the race's and power's costs, plus the bonuses it scores
  holding nothing new), plus the coins paid/collected, weighted up when rounds remain (a
  combo that conquers more also lasts longer). No combo's turn is played in imagination.
* **Conquer** — of the ordinary conquests, the :data:`CONQUEST_KEEP` (4) best by a static
  estimate of coins per token (1 coin, more if another player holds the region, over its
  cost: :meth:`GreedyBot.candidates`) are applied and scored with ``my coins this turn -
  w * opponents' coins`` (from :func:`~swlab.rules.score_rows`), and so is every other
  forward action (a badge's verb); the bot takes the best *gain per token spent*.
  Actions that lead to the die (a final conquest, a Berserk roll) are valued by their
  expectation over the die's outcomes (:func:`~swlab.rules.chance_outcomes`: faces 0, 0,
  0, 1, 2, 3, or the face a scenario fixed). Final conquests are tried once no ordinary
  conquest gains: the :data:`FINAL_KEEP` (2) likeliest to succeed are valued, each with
  one failing and one succeeding face applied.
* **Decline** — when the active race may decline, the bot compares three plans over the
  next (at most) three turns: expand / expand / decline, expand / decline / new combo and
  decline now / new combo / expand, using the coins a decline scores now (applied), the
  greedy expansion of this turn (simulated) and an estimate of the best combo in the column.
* **Redeploy** — badge placements that raise the score or the defence are made first
  (heroes, fortresses, encampments...), then one composite ``deploy``: 1 token in each
  quiet region, the rest spread over the regions that enemies can attack.

Unknown actions are never special-cased: they are applied and valued like any other.
The bot remembers what it worked out per position (:class:`_Memo`: legal actions, states
after actions, turn scores, valued options) for the rest of its move and, when the driver
hands over the position it expected, for its next move: the engine is pure, so this
changes the speed and never a choice. Its decisions and its look-ahead value the same
candidates, so the turn imagined when weighing a decline is the turn it then plays.

How this bot differs from the one before (same evaluation, fewer actions applied; about
2.6x the decisions per second on the 5-player board): the earlier bot imagined every
affordable combo's first turn (now: a static estimate, see *Pick*), applied every ordinary
conquest at a decision (now the 4 best by the static estimate; its look-ahead kept the 3
cheapest) and every final conquest with each die face (now the 2 likeliest, a failing and
a succeeding face each). Its choices changed: ``tests/bots/test_greedy_fingerprint.py``
holds the new bot's digests; against the random bot it still wins at least 95 % of 200
seeded 2-player games (``tests/bots/test_greedy.py``).

:func:`hint` gives the bot's choice with a one-line reason for a learner.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence
from dataclasses import dataclass

from swlab.bots.base import forward_actions
from swlab.rules import (
    CHANCE,
    Action,
    Conquer,
    Decline,
    Deploy,
    Done,
    End,
    Final,
    GameState,
    IllegalActionError,
    Pick,
    Place,
    RaceState,
    Roll,
    Stage,
    Withdraw,
    apply,
    chance_outcomes,
    current_player,
    is_legal,
    legal_actions,
    score_rows,
)
from swlab.rules.abilities.registry import power_badge, race_badge
from swlab.rules.cost import conquest_cost

#: Share of a player's regions still held one turn later (a rough erosion rate).
KEEP = 0.85
#: Regions a fresh combo takes on its first turn, per token.
REGIONS_PER_TOKEN = 1 / 2.4
#: Cap of a region's defence in the safety term (more tokens rarely matter).
DEFENCE_CAP = 6
#: Decisions in one turn after which the bot only tries to end it (a guard against a badge
#: action that never makes progress; a real turn takes a few dozen).
MAX_MOVES_PER_TURN = 300
#: Ordinary conquests applied and valued per decision and per look-ahead step: the best
#: by a static estimate of coins per token (:meth:`GreedyBot.candidates`).
CONQUEST_KEEP = 4
#: Final conquests valued when no ordinary conquest gains: the likeliest to succeed.
FINAL_KEEP = 2
EPS = 1e-9


@dataclass(frozen=True)
class Hint:
    """A suggested action and a one-line reason a learner understands."""

    action: Action
    reason: str

    def __str__(self) -> str:
        return f"{self.action!r}: {self.reason}"


@dataclass(frozen=True)
class _Option:
    """A candidate action with its estimated effect."""

    action: Action
    after: GameState | None  #: the state after it (``None`` for a chance action)
    gain: float  #: change of the evaluation (expected, for a chance action)
    spent: float  #: tokens it takes from hand (expected, for a chance action)
    ends: bool  #: conquests stop after it (a final conquest)

    @property
    def ratio(self) -> float:
        return self.gain / max(self.spent, 0.5)


def turn_score(state: GameState, player: int) -> int:
    """What ``player`` would score if their turn ended now (regions plus bonuses)."""
    return sum(row.amount for row in score_rows(state, player))


def rounds_left(state: GameState) -> int:
    """Rounds still to play, the current one included."""
    return max(state.geo.turns - state.round + 1, 1)


def _hand(state: GameState, race: str) -> int:
    r = state.race(race) if race else None
    return r.hand if r is not None else 0


def _try(state: GameState, action: Action) -> GameState | None:
    try:
        return apply(state, action)[0]
    except IllegalActionError:
        return None


#: Positions a bot remembers before it forgets them all (a few turns' worth of look-ahead).
MEMO_LIMIT = 20_000


class _Entry:
    """What a bot has worked out about one position (see :class:`_Memo`)."""

    __slots__ = ("afters", "legal", "options", "rolling", "scores", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state  # held so that ``id(state)`` stays this position's
        self.legal: list[Action] | None = None
        self.afters: dict[Action, GameState | None] = {}
        self.scores: dict[int, int] = {}
        #: valued options per (player, part): ``plain``, ``rolls`` (die next), ``finals``
        self.options: dict[tuple[int, str], list[_Option]] = {}
        #: the candidate actions that lead to the die (noted by ``GreedyBot._plain``)
        self.rolling: list[Action] = []


class _Memo:
    """The bot's memory of positions it has looked at: legal actions, the state after an
    action, a player's turn score and the valued options, per position.

    The engine is pure (the same position and action give the same result), so a value
    looked up here is the value the bot would compute again: caching changes the speed,
    never a choice. Positions are keyed by identity (hashing a whole state costs more than
    it saves); :meth:`GreedyBot.decide` maps the position the driver hands over to the
    equal one the bot imagined on its previous move, so the look-ahead of that move (the
    rest of the turn's greedy expansion, say) is found again.
    """

    def __init__(self) -> None:
        self.entries: dict[int, _Entry] = {}

    def entry(self, state: GameState) -> _Entry:
        e = self.entries.get(id(state))
        if e is None or e.state is not state:
            if len(self.entries) >= MEMO_LIMIT:
                self.entries.clear()
            e = self.entries[id(state)] = _Entry(state)
        return e

    def legal(self, state: GameState) -> list[Action]:
        e = self.entry(state)
        if e.legal is None:
            e.legal = legal_actions(state)
        return e.legal

    def after(self, state: GameState, action: Action) -> GameState | None:
        """``_try(state, action)``, remembered."""
        afters = self.entry(state).afters
        if action in afters:
            return afters[action]
        result = afters[action] = _try(state, action)
        return result

    def known_after(self, state: GameState, action: Action) -> GameState | None:
        """The state after ``action`` if the bot has already worked it out, else ``None``."""
        e = self.entries.get(id(state))
        if e is None or e.state is not state:
            return None
        return e.afters.get(action)

    def score(self, state: GameState, player: int) -> int:
        """:func:`turn_score`, remembered."""
        scores = self.entry(state).scores
        value = scores.get(player)
        if value is None:
            value = scores[player] = turn_score(state, player)
        return value

    def clear(self) -> None:
        self.entries.clear()

    def keep(self, state: GameState) -> None:
        """Forget every position but ``state`` and those the bot looked at from it (its
        remembered options' states), so that memory holds one move's look-ahead."""
        kept: dict[int, _Entry] = {}
        todo = [state]
        while todo:
            s = todo.pop()
            e = self.entries.get(id(s))
            if e is None or e.state is not s or id(s) in kept:
                continue
            kept[id(s)] = e
            todo.extend(o.after for opts in e.options.values() for o in opts if o.after)
        self.entries = kept


def _face_odds(state: GameState) -> list[tuple[int, float]]:
    """The faces of the next roll with their probabilities, as :func:`chance_outcomes`
    gives them at that roll (the fair die, or the face a scenario fixed)."""
    at_roll = state.updated(turn=state.turn.updated(stage=Stage.ROLL))
    return [(a.face, p) for a, p in chance_outcomes(at_roll) if isinstance(a, Roll)]


def _where(state: GameState, action: Action) -> str:
    """`` on Hill (12)`` for an action on a region, else ``""``."""
    region = getattr(action, "region", None)
    if isinstance(region, int) and region in state.geo.index:
        return f" on {state.geo.labels[state.geo.index[region]]}"
    return ""


def _s(n: float, word: str) -> str:
    k = round(n)
    return f"{k} {word}" + ("" if k == 1 else "s")


class GreedyBot:
    """Coins this turn first, with a look-ahead on the die and on decline timing.

    ``opponent_weight`` is how much the opponents' coins (averaged) count against the
    player's own; ``future`` how much a combo's first turn counts for the turns after it.
    """

    def __init__(
        self,
        seed: int = 0,
        name: str = "greedy",
        *,
        opponent_weight: float = 0.5,
        future: float = 0.7,
        decline_margin: float = 0.5,
    ) -> None:
        self._name = name
        self.seed = seed
        self.rng = random.Random(seed)
        self.opponent_weight = opponent_weight
        self.future = future
        self.decline_margin = decline_margin
        self._turn: tuple[int, int, int] = (-1, -1, -1)
        self._moves = 0
        self._memo = _Memo()
        #: The position the bot expects after its last choice (``None``: not worked out).
        self._next: GameState | None = None

    @property
    def name(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})"

    # --- the protocol -------------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        return self.decide(state).action

    def forget(self) -> None:
        """Forget the positions seen and the moves counted this turn: a search that plays
        the bot from many imagined positions of one turn starts each playout afresh (the
        turn's move count would otherwise grow across playouts, :data:`MAX_MOVES_PER_TURN`).
        """
        self._turn = (-1, -1, -1)
        self._moves = 0
        self._memo.clear()
        self._next = None

    def decide(self, state: GameState) -> Hint:
        """The action and the reason for it."""
        stage = state.turn.stage
        if stage is Stage.GAME_OVER:
            raise ValueError("the game is over: there is no action to choose")
        if current_player(state) == CHANCE:
            raise ValueError("the die is chance, not a decision: the driver rolls it (R-CONQ-10)")
        turn = (state.round, state.current, state.turn.actor)
        expected = self._next
        if (
            expected is not None
            and expected is not state
            and expected.geo is state.geo
            and expected == state
        ):
            state = expected  # the position imagined last move: its look-ahead is known
            self._memo.keep(state)
        else:
            self._memo.clear()
        self._moves = self._moves + 1 if turn == self._turn else 0
        self._turn = turn
        hint = self._decide(state, stage)
        self._next = self._memo.known_after(state, hint.action)
        return hint

    def _decide(self, state: GameState, stage: Stage) -> Hint:
        if self._moves > MAX_MOVES_PER_TURN:
            return self._wrap_up(state)
        if stage is Stage.PICK:
            return self._pick(state)
        if stage is Stage.CONQUER:
            return self._conquer(state)
        if stage in (Stage.REDEPLOY, Stage.DEFEND):
            return self._redeploy(state)
        if stage is Stage.DECLINE_CHOICE:
            return self._decline_choice(state)
        return self._generic(state)

    def _wrap_up(self, state: GameState) -> Hint:
        """A guard against an action that never makes progress: end what can be ended."""
        legal = self._memo.legal(state)
        for kind in (End, Done):
            if kind() in legal:
                return Hint(kind(), "Time to finish this turn.")
        deploy = None
        race = state.race(state.turn.acting) if state.turn.acting else None
        if race is not None and state.turn.stage in (Stage.REDEPLOY, Stage.DEFEND):
            deploy = self._placement(state, race, state.turn.actor)
        if deploy is not None and is_legal(state, deploy):
            return Hint(deploy, "Time to finish this turn: deploy every token in hand.")
        forward = forward_actions(legal) or legal
        return Hint(self.rng.choice(forward), "Time to finish this turn.")

    # --- evaluation ---------------------------------------------------------------------
    def evaluate(self, state: GameState, me: int) -> float:
        """My coins this turn minus ``opponent_weight`` x the opponents' average."""
        mine = float(self._memo.score(state, me))
        n = len(state.players)
        if n == 1 or self.opponent_weight == 0:
            return mine
        others = sum(self._memo.score(state, p) for p in range(n) if p != me)
        return mine - self.opponent_weight * others / (n - 1)

    def gain(self, before: GameState, after: GameState, me: int) -> float:
        """``evaluate(after) - evaluate(before)``, rescoring only the players it concerns:
        me, and the owners of regions that changed (others' scores cannot have moved)."""
        n = len(before.players)
        delta = float(self._memo.score(after, me) - self._memo.score(before, me))
        if n == 1 or self.opponent_weight == 0:
            return delta
        touched: set[int] = set()
        for r0, r1 in zip(before.regions, after.regions, strict=True):
            if r0 is not r1 and r0 != r1:
                touched.add(r0.owner)
                touched.add(r1.owner)
        touched.discard(me)
        touched.discard(-1)
        if not touched:
            return delta
        others = sum(self._memo.score(after, p) - self._memo.score(before, p) for p in touched)
        return delta - self.opponent_weight * others / (n - 1)

    def threat(self, state: GameState, player: int, i: int) -> float:
        """How exposed region position ``i`` of ``player`` is to attacks next turn."""
        geo = state.geo
        t = 0.0
        for j in geo.neighbours[i]:
            r = state.regions[j]
            if geo.water[j] or r.owner == player:
                continue
            if r.owner >= 0 and not r.in_decline:
                t += 2.0  # an active enemy next door
            elif r.owner >= 0 or r.lost_tribes:
                t += 0.5
            else:
                t += 0.75  # empty: anyone passing through can come
        if i in geo.first_conquest:
            t += 1.0  # a new race may enter here
        return t

    def safety(self, state: GameState, race: str, player: int) -> float:
        """Defence of ``race``'s exposed regions (pieces and tokens), a small tie-breaker."""
        total = 0.0
        for i in state.race_regions(race):
            t = self.threat(state, player, i)
            if t <= 0:
                continue
            r = state.regions[i]
            defence = (
                DEFENCE_CAP if r.is_immune else min(conquest_cost(state, None, i), DEFENCE_CAP)
            )
            total += 0.05 * t * defence
        return total

    # --- conquest -----------------------------------------------------------------------
    def options(
        self, state: GameState, me: int, *, chance: bool = True, finals: bool = True
    ) -> list[_Option]:
        """The forward actions of the conquest stage (but ``end`` and ``decline``), valued.

        Of the ordinary conquests only the :data:`CONQUEST_KEEP` with the best static
        estimate (:meth:`candidates`) are applied and valued; every other kind of action
        (a badge's verb) is. ``chance=False`` leaves out the actions that lead to the die
        (a Berserk roll); ``finals`` adds the :data:`FINAL_KEEP` likeliest final conquests
        (R-CONQ-10), weighed only when no ordinary conquest gains (:meth:`best_conquest`).
        The bot's own decision and its look-ahead (:meth:`simulate_expansion`) value the
        same list, remembered per position (:class:`_Memo`): the expansion imagined when
        picking a combo or weighing a decline is the one the bot then plays, found again.
        """
        e = self._memo.entry(state)
        out = list(self._plain(e, me))
        if chance:
            rolls = e.options.get((me, "rolls"))
            if rolls is None:
                rolls = e.options[(me, "rolls")] = self._rolls(e, me)
            out.extend(rolls)
            if finals:
                known = e.options.get((me, "finals"))
                if known is None:
                    known = e.options[(me, "finals")] = self._finals(state, me)
                out.extend(known)
        return out

    def candidates(self, state: GameState, me: int, actions: list[Action]) -> list[Action]:
        """``actions`` with the ordinary conquests cut to the :data:`CONQUEST_KEEP` best by a
        static estimate of coins per token: 1 coin for the region, plus
        ``opponent_weight / (players - 1)`` when another player holds it (0 for my own),
        over its cost (:func:`~swlab.rules.cost.conquest_cost`, with the race's and power's
        modifiers); ties to the cheaper, then the lower position. Applying a conquest is
        the bot's main cost: the dearer or poorer ones rarely give the best gain per token.
        """
        race = state.race(state.turn.acting) if state.turn.acting else None
        conquests = [a for a in actions if isinstance(a, Conquer)]
        if race is None or len(conquests) <= CONQUEST_KEEP:
            return actions
        geo, regions = state.geo, state.regions
        n = len(state.players)
        hit = self.opponent_weight / (n - 1) if n > 1 else 0.0

        def estimate(a: Conquer) -> tuple[float, int, int]:
            i = geo.index[a.region]
            owner = regions[i].owner
            value = 0.0 if owner == me else 1.0 + (hit if owner >= 0 else 0.0)
            cost = conquest_cost(state, race, i)
            return (-value / cost, cost, i)

        keep = set(sorted(conquests, key=estimate)[:CONQUEST_KEEP])
        return [a for a in actions if not isinstance(a, Conquer) or a in keep]

    def _plain(self, e: _Entry, me: int) -> list[_Option]:
        """The valued actions that do not lead to the die; notes those that do
        (``e.rolling``) for :meth:`_rolls`."""
        known = e.options.get((me, "plain"))
        if known is not None:
            return known
        state = e.state
        acting = state.turn.acting
        hand0 = _hand(state, acting)
        legal = [
            a for a in forward_actions(self._memo.legal(state)) if not isinstance(a, End | Decline)
        ]
        plain: list[_Option] = []
        rolling: list[Action] = []
        for action in self.candidates(state, me, [a for a in legal if not isinstance(a, Final)]):
            after = self._memo.after(state, action)
            if after is None:
                continue
            if current_player(after) == CHANCE:  # the die decides next
                rolling.append(action)
                continue
            gain = self.gain(state, after, me)
            spent = hand0 - _hand(after, acting)
            ends = not (after.turn.stage is Stage.CONQUER and after.turn.acting == acting)
            plain.append(_Option(action, after, gain, spent, ends))
        e.options[(me, "plain")] = plain
        e.rolling = rolling
        return plain

    def _rolls(self, e: _Entry, me: int) -> list[_Option]:
        """The actions (but final conquests) that lead to the die, valued over its faces."""
        state = e.state
        acting = state.turn.acting
        hand0 = _hand(state, acting)
        out: list[_Option] = []
        for action in e.rolling:
            rolled = self._memo.after(state, action)
            if rolled is not None:
                out.append(self._chance_option(action, state, rolled, me, acting, hand0))
        return out

    def _finals(self, state: GameState, me: int) -> list[_Option]:
        """The :data:`FINAL_KEEP` final conquests most likely to succeed (by the die's odds
        and the tokens missing, R-CONQ-10), valued over the die; ties to the lower cost."""
        acting = state.turn.acting
        race = state.race(acting) if acting else None
        if race is None:
            return []
        hand0 = _hand(state, acting)
        geo = state.geo
        odds = _face_odds(state)
        ranked: list[tuple[float, int, int, Final]] = []
        for a in forward_actions(self._memo.legal(state)):
            if isinstance(a, Final):
                i = geo.index[a.region]
                short = conquest_cost(state, race, i) - hand0
                p = sum(q for face, q in odds if face >= short)
                if p > 0:
                    ranked.append((-p, short, i, a))
        out: list[_Option] = []
        for _p, short, _i, a in sorted(ranked)[:FINAL_KEEP]:
            rolled = self._memo.after(state, a)
            if rolled is None:
                continue
            if current_player(rolled) != CHANCE:  # a die a scenario fixed: no roll to wait for
                gain = self.gain(state, rolled, me)
                out.append(_Option(a, rolled, gain, hand0 - _hand(rolled, acting), True))
                continue
            out.append(self._chance_option(a, state, rolled, me, acting, hand0, short))
        return out

    def _chance_option(
        self,
        action: Action,
        state: GameState,
        rolled: GameState,
        me: int,
        acting: str,
        hand0: int,
        short: int | None = None,
    ) -> _Option:
        """Expected gain over the die faces; one more ply when conquests continue.

        ``short`` (a final conquest: the tokens the die must make up) groups the faces into
        failure and success, each applied once: within a group the positions score alike.
        """
        faces: list[tuple[Action, float]] = []
        groups: dict[bool, int] = {}
        for outcome, p in chance_outcomes(rolled):
            if short is not None and isinstance(outcome, Roll):
                k = groups.setdefault(outcome.face >= short, len(faces))
                if k < len(faces):
                    faces[k] = (faces[k][0], faces[k][1] + p)
                    continue
            faces.append((outcome, p))
        gain = spent = 0.0
        ends = True
        for outcome, p in faces:
            after = self._memo.after(rolled, outcome)
            if after is None:
                continue
            here = self.gain(state, after, me)
            if after.turn.stage is Stage.CONQUER and after.turn.acting == acting:
                ends = False  # a roll before a conquest (Berserk): value the next conquest
                nxt = [o for o in self.options(after, me, chance=False) if not o.ends]
                best = max(nxt, key=lambda o: o.ratio, default=None)
                if best is not None and best.gain > EPS:
                    gain += p * (here + best.gain)
                    spent += p * (hand0 - _hand(after, acting) + best.spent)
                    continue
            gain += p * here
            spent += p * (hand0 - _hand(after, acting))
        return _Option(action, None, gain, spent, ends)

    def best_conquest(self, options: Sequence[_Option]) -> _Option | None:
        """The best gain per token among the actions that keep conquering, else the best
        final attempt, else ``None`` (stop)."""
        plain = [o for o in options if not o.ends and o.gain > EPS]
        if plain:
            return max(plain, key=lambda o: (round(o.ratio, 6), o.gain, -o.spent))
        finals = [o for o in options if o.ends and o.gain > EPS]
        if finals:
            return max(finals, key=lambda o: (round(o.gain, 6), -o.spent))
        return None

    def simulate_expansion(self, state: GameState, me: int) -> tuple[GameState, int, float]:
        """Play the greedy conquests of this turn in imagination (no final die).

        The same choice as :meth:`_conquer` makes at each step while no die is involved.
        Returns the state when conquests stop, the number of steps and the expected extra
        coins of a final attempt.
        """
        steps = 0
        for _ in range(40):
            opts = self.options(state, me, chance=False)
            plain = [o for o in opts if not o.ends and o.gain > EPS and o.after is not None]
            if not plain:
                break
            best = max(plain, key=lambda o: (round(o.ratio, 6), o.gain, -o.spent))
            assert best.after is not None
            state = best.after
            steps += 1
        final_ev = 0.0
        if state.turn.stage is Stage.CONQUER:
            acting = state.turn.acting
            hand = _hand(state, acting)
            odds = _face_odds(state)
            race = state.race(acting)
            for action in self._memo.legal(state):
                if isinstance(action, Final):
                    short = conquest_cost(state, race, state.geo.index[action.region]) - hand
                    p = sum(q for face, q in odds if face >= short)
                    final_ev = max(final_ev, p)
        return state, steps, final_ev

    def _conquer(self, state: GameState) -> Hint:
        me = state.turn.actor
        legal = self._memo.legal(state)
        if any(isinstance(a, Decline) for a in legal):
            plan = self._decline_plan(state, me)
            if plan is not None:
                return plan
        options = self.options(state, me, finals=False)  # a final counts only if no
        best = self.best_conquest(options)  # ordinary conquest gains: weighed after them
        if best is None or best.ends:
            options = self.options(state, me)
            best = self.best_conquest(options)
        if best is None:
            hand = _hand(state, state.turn.acting)
            end = End() if End() in legal else forward_actions(legal)[0]
            if hand == 0:
                return Hint(end, "Stop conquering: you have no token left in hand.")
            return Hint(
                end,
                f"Stop conquering: with {_s(hand, 'token')} in hand no region you can reach adds "
                "coins; redeploy them to defend.",
            )
        return Hint(best.action, self._conquest_reason(state, me, best, options))

    def _conquest_reason(
        self, state: GameState, me: int, best: _Option, options: Sequence[_Option]
    ) -> str:
        a = best.action
        region = getattr(a, "region", None)
        geo = state.geo
        if isinstance(a, Final) and isinstance(region, int):
            race = state.race(state.turn.acting)
            cost = conquest_cost(state, race, geo.index[region])
            hand = _hand(state, state.turn.acting)
            p = sum(q for face, q in _face_odds(state) if face >= cost - hand)
            return (
                f"Final conquest of {geo.labels[geo.index[region]]}: it costs {cost} and you "
                f"hold {hand}; the die (0, 0, 0, 1, 2, 3) makes up the {cost - hand} missing "
                f"with probability {p:.0%}, and your tokens are redeployed if it fails."
            )
        if best.after is None:  # a chance action of a badge (Berserk's roll)
            return (
                f"'{a!r}' first: over the die's faces it is worth about {best.gain:+.1f} coins "
                f"for {best.spent:.1f} tokens, better than any conquest without it."
            )
        mine = self._memo.score(best.after, me) - self._memo.score(state, me)
        if isinstance(region, int) and region in geo.index:
            i = geo.index[region]
            label = geo.labels[i]
            what = self._describe_region(state, me, i)
            verb = "Conquer" if isinstance(a, Conquer) else f"'{a!r}' on"
            spent = round(best.spent)
            cost_txt = f" for {_s(spent, 'token')}" if spent > 0 else ""
            score_txt = f"it adds {_s(mine, 'coin')} to your score this turn"
            n = sum(1 for o in options if o.gain > EPS and not o.ends)
            rank = f" (the most coins per token of {n} choices)" if n > 1 else ""
            return f"{verb} {label}{cost_txt}: {what}; {score_txt}{rank}."
        return f"'{a!r}': it adds {_s(mine, 'coin')} to your score this turn."

    def _describe_region(self, state: GameState, me: int, i: int) -> str:
        geo = state.geo
        r = state.regions[i]
        bits: list[str] = []
        if r.lost_tribes:
            bits.append("it holds a lost tribe")
        elif r.tokens and r.owner >= 0:
            who = "your own" if r.owner == me else f"{state.player_name(r.owner)}'s"
            decline = " (in decline)" if r.in_decline else ""
            bits.append(f"it holds {who} {_s(r.tokens, r.race + ' token')}{decline}")
        else:
            bits.append("it is empty")
        if r.mountain:
            bits.append("a Mountain adds 1 to the cost")
        acting = state.turn.acting
        held = set(state.race_regions(acting)) if acting else set()
        if not held:
            bits.append("it is a way onto the board")
        elif geo.neighbours[i] & held:
            bits.append("it borders your regions")
        return " and ".join(bits[:1]) + "".join(f", {b}" for b in bits[1:])

    # --- decline ------------------------------------------------------------------------
    def _new_combo_estimate(self, state: GameState, coins: int) -> tuple[float, str]:
        """Coins a fresh combo from the column would score on its first turn."""
        best, label = 0.0, "a new combo"
        for k, combo in enumerate(state.column):
            if k > coins:
                break
            try:
                rb, pb = race_badge(combo.race), power_badge(combo.power)
                tokens = rb.tokens + rb.extra_tokens + pb.tokens
                tokens = min(tokens, state.tray(combo.race))
            except KeyError:
                continue
            value = tokens * REGIONS_PER_TOKEN + combo.coins - k
            if value > best:
                best, label = value, f"{combo.race} + {combo.power}, {tokens} tokens"
        return best, label

    def _decline_plan(self, state: GameState, me: int) -> Hint | None:
        """Decline now (a hint) or ``None`` to expand; see the module text for the plans."""
        left = rounds_left(state)
        if left <= 1:
            return None
        declined = self._memo.after(state, Decline())
        if declined is None:
            return None
        d1 = declined.players[me].coins - state.players[me].coins
        end, _steps, final_ev = self.simulate_expansion(state, me)
        e1 = self._memo.score(end, me) + final_ev
        acting = state.turn.acting
        r0 = len(state.race_regions(acting))
        r1 = len(end.race_regions(acting))
        gained = max(r1 - r0, 0) + final_ev
        n, combo = self._new_combo_estimate(state, state.players[me].coins + d1)
        horizon = min(left, 3)
        expand_expand = [e1, KEEP * e1 + max(gained - 1, 0), KEEP * KEEP * r1]
        expand_decline = [e1, KEEP * r1, KEEP * KEEP * r1 + n]
        decline_now = [float(d1), KEEP * r0 + n, KEEP * KEEP * r0 + KEEP * n + 1.5]
        a = max(sum(expand_expand[:horizon]), sum(expand_decline[:horizon]))
        b = sum(decline_now[:horizon])
        if b <= a + self.decline_margin:
            return None
        race = acting or "race"
        reason = (
            f"Decline now: your {_s(r0, race + ' region')} score{'s' if r0 == 1 else ''} {d1} "
            f"now in decline and about "
            f"{KEEP * r0:.0f} next turn, and a new combo ({combo}) adds about {n:.0f}; "
            f"expanding only adds about {_s(gained, 'region')} this turn "
            f"(about {b:.0f} vs {a:.0f} coins over the next {_s(horizon, 'turn')})."
        )
        return Hint(Decline(), reason)

    def _decline_choice(self, state: GameState) -> Hint:
        """An optional decline after scoring (Stout): decline when expanding has run dry."""
        me = state.turn.actor
        legal = self._memo.legal(state)
        decline = next((a for a in legal if isinstance(a, Decline)), None)
        stay = next((a for a in legal if isinstance(a, End)), None)
        player = state.players[me]
        future = state.geo.turns - state.round  # my turns still to come
        if decline is None or stay is None or player.active is None:
            return self._generic(state)
        if future <= 0:
            return Hint(stay, "Keep your race: the game ends before a new combo could score.")
        race = player.active
        regions = state.race_regions(race.name)
        r = len(regions)
        tokens = sum(state.regions[i].tokens for i in regions) + race.hand
        conquests = max(tokens - r, 0) / 2.5
        n, combo = self._new_combo_estimate(state, player.coins)
        horizon = min(future, 2)
        keep = [max(KEEP * r + conquests, KEEP * r), KEEP * KEEP * r + max(conquests - 1, 0)]
        fresh = [KEEP * r + n, KEEP * KEEP * r + KEEP * n + 1.5]
        a, b = sum(keep[:horizon]), sum(fresh[:horizon])
        if b > a + self.decline_margin:
            return Hint(
                decline,
                f"Decline now (after scoring): your {race.name} can only add about "
                f"{conquests:.0f} regions next turn, a new combo ({combo}) about {n:.0f}.",
            )
        return Hint(
            stay,
            f"Keep the {race.name}: about {conquests:.0f} more regions next turn beats a new "
            f"combo (about {n:.0f}).",
        )

    # --- pick ---------------------------------------------------------------------------
    def first_turn_estimate(self, state: GameState, me: int) -> float:
        """Coins the acting race's turn would score, worked out without applying a conquest.

        A greedy walk over the board: from the regions the race may conquer now, take the
        cheapest affordable region (its cost by :func:`~swlab.rules.cost.conquest_cost`, with
        the race's and power's modifiers, as it stands now), then its land neighbours join
        the choice; when no region is affordable, add the chance that the die makes up the
        tokens missing for the cheapest one. The coins are those regions plus what the
        player scores holding nothing new (bonuses such as Wealthy's or Alchemist's, and
        decline regions); bonuses per region type are left out.
        """
        acting = state.turn.acting
        race = state.race(acting) if acting else None
        if race is None or state.turn.stage is not Stage.CONQUER:
            return float(self._memo.score(state, me))
        geo, regions = state.geo, state.regions
        costs: dict[int, int] = {}

        def cost(i: int) -> int:
            c = costs.get(i)
            if c is None:
                c = costs[i] = conquest_cost(state, race, i)
            return c

        entries = {
            geo.index[a.region] for a in self._memo.legal(state) if isinstance(a, Conquer | Final)
        }
        frontier = [(cost(i), i) for i in sorted(entries)]
        heapq.heapify(frontier)
        hand = race.hand
        taken: set[int] = set()
        final = 0.0
        while frontier:
            c, i = heapq.heappop(frontier)
            if i in taken:
                continue
            if c > hand:
                final = sum(q for face, q in _face_odds(state) if face >= c - hand)
                break
            hand -= c
            taken.add(i)
            for j in geo.neighbours[i]:
                if j not in taken and not geo.water[j] and not regions[j].is_immune:
                    heapq.heappush(frontier, (cost(j), j))
        return self._memo.score(state, me) + len(taken) + final

    def _pick(self, state: GameState) -> Hint:
        """The affordable combo with the best value: the coins paid and collected, plus
        :meth:`first_turn_estimate` weighted up when rounds remain (a combo that conquers
        more also lasts longer). No turn is imagined: the conquests are decided one by one
        when they come, as in any turn."""
        me = state.turn.actor
        legal = self._memo.legal(state)
        picks = [a for a in legal if isinstance(a, Pick)]
        if not picks:
            return Hint(forward_actions(legal)[0], "No combo is left in the column: pass.")
        left = rounds_left(state)
        weight = 1 + self.future * min(left - 1, 2)
        valued: list[tuple[float, int, Pick, GameState, float]] = []
        for pick in picks:
            after = self._memo.after(state, pick)
            if after is not None:
                delta = after.players[me].coins - state.players[me].coins
                guess = self.first_turn_estimate(after, me)
                valued.append(
                    (round(delta + weight * guess, 6), -pick.position, pick, after, guess)
                )
        if not valued:
            return Hint(picks[0], "Pick the top combo.")
        _value, _position, pick, after, first = max(valued, key=lambda x: x[:2])
        combo = state.column[pick.position]
        race = after.race(combo.race)
        tokens = race.hand if race is not None else 0
        paid = pick.position
        pay = "free" if paid == 0 else f"pay {_s(paid, 'coin')}"
        collect = f", collect {_s(combo.coins, 'coin')}" if combo.coins else ""
        return Hint(
            pick,
            f"Pick {combo.race} + {combo.power} (position {pick.position}: {pay}{collect}): "
            f"{_s(tokens, 'token')}, about {_s(first, 'coin')} this turn - the best of the "
            f"{len(valued)} combos you can afford.",
        )

    # --- redeployment -------------------------------------------------------------------
    def _redeploy(self, state: GameState) -> Hint:
        me = state.turn.actor
        acting = state.turn.acting
        legal = self._memo.legal(state)
        race = state.race(acting) if acting else None
        if race is None:
            return self._generic(state)
        extras = [
            a for a in forward_actions(legal) if not isinstance(a, Place | Done) and not a.undoes
        ]
        if extras:
            base = self.safety(state, acting, me)
            best: tuple[float, Action, GameState] | None = None
            for a in extras:
                after = self._memo.after(state, a)
                if after is None:
                    continue
                v = self.gain(state, after, me) + self.safety(after, acting, me) - base
                if best is None or v > best[0] + EPS:
                    best = (v, a, after)
            if best is not None and (best[0] > EPS or Done() not in legal):
                deploy = self._placement(state, race, me)
                if best[0] > EPS or deploy is None or not is_legal(state, deploy):
                    v, a, after = best
                    coins = self._memo.score(after, me) - self._memo.score(state, me)
                    if coins > 0:
                        why = f"it adds {_s(coins, 'coin')} to your score this turn"
                    elif v > EPS:
                        why = "it makes your exposed regions harder to conquer"
                    else:
                        why = "it has to be placed before redeployment ends"
                    return Hint(a, f"'{a!r}'{_where(state, a)} before finishing: {why}.")
        deploy = self._placement(state, race, me)
        if deploy is not None and is_legal(state, deploy):
            return Hint(deploy, self._deploy_reason(state, race, deploy))
        if Done() in legal:
            return Hint(Done(), "Finish redeployment: every token is where it should be.")
        places = [a for a in legal if isinstance(a, Place)]
        if places:
            geo = state.geo
            best_place = max(places, key=lambda a: self.threat(state, me, geo.index[a.region]))
            return Hint(best_place, "Place a token where enemies can attack.")
        return self._generic(state)

    def _placement(self, state: GameState, race: RaceState, me: int) -> Deploy | None:
        """Everything at once: 1 per quiet region, the rest by exposure (``deploy``)."""
        regions = state.race_regions(race.name)
        if not regions:
            return None
        defend = state.turn.stage is Stage.DEFEND
        now = {i: state.regions[i].tokens for i in regions}
        threat = {i: self.threat(state, me, i) for i in regions}
        if defend:
            base = dict(now)
            spare = race.hand
        else:
            base = dict.fromkeys(regions, 1)
            spare = sum(now.values()) + race.hand - len(regions)
        if spare < 0:
            return None
        weights = {i: threat[i] for i in regions}
        if sum(weights.values()) <= 0:
            weights = dict.fromkeys(regions, 1.0)
        total_w = sum(weights.values())
        shares = {i: spare * weights[i] / total_w for i in regions}
        counts = {i: base[i] + int(shares[i]) for i in regions}
        left = spare - sum(int(shares[i]) for i in regions)
        order = sorted(regions, key=lambda i: (-(shares[i] - int(shares[i])), -threat[i], i))
        for i in order[:left]:
            counts[i] += 1
        changed = tuple(
            (state.geo.ids[i], counts[i]) for i in sorted(regions) if counts[i] != now[i]
        )
        if not changed and race.hand == 0:
            return None
        return Deploy(changed)

    def _deploy_reason(self, state: GameState, race: RaceState, deploy: Deploy) -> str:
        geo = state.geo
        if not deploy.placement:
            return "Redeploy: nothing to move."
        top_id, top_n = max(deploy.placement, key=lambda rn: (rn[1], -rn[0]))
        label = geo.labels[geo.index[top_id]]
        if state.turn.stage is Stage.DEFEND:
            return (
                f"Put your {_s(race.hand, race.name + ' token')} back where enemies can reach "
                f"you ({label} gets {top_n})."
            )
        return (
            f"Redeploy: keep 1 token in quiet regions and put the rest where enemies can "
            f"attack ({label} gets {top_n})."
        )

    # --- anything else ------------------------------------------------------------------
    def _generic(self, state: GameState) -> Hint:
        """Unknown stages: the forward action with the best evaluation after it."""
        me = state.turn.actor
        legal = self._memo.legal(state)
        if not legal:
            raise ValueError("the game is over: there is no action to choose")
        acting = state.turn.acting
        best: tuple[float, float, Action] | None = None
        candidates = forward_actions(legal) or legal
        for a in candidates:
            after = self._memo.after(state, a)
            if after is None:
                continue
            v = self.gain(state, after, me)
            if acting:
                v += self.safety(after, acting, me)
            key = (round(v, 6), self.rng.random())
            if best is None or key > best[:2]:
                best = (key[0], key[1], a)
        action = best[2] if best is not None else legal[0]
        where = _where(state, action)
        if isinstance(action, Withdraw):
            return Hint(
                action,
                f"Withdraw a token from{where[3:]}: it weakens your defence the least (the "
                "withdrawn tokens come back for your next conquests).",
            )
        if len(candidates) == 1:
            return Hint(action, f"'{action!r}'{where}: the only option.")
        return Hint(
            action,
            f"'{action!r}'{where}: of the {len(candidates)} options it leaves your score and "
            "defence best.",
        )


def hint(state: GameState, seed: int = 0) -> Hint:
    """The greedy bot's move for the player who acts now, with a one-line reason."""
    return GreedyBot(seed).decide(state)
