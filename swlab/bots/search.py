"""A search bot: information-set Monte-Carlo tree search over determinizations.

Which search, and why: **single-observer information-set MCTS** (SO-ISMCTS, Cowling,
Powley and Whitehouse 2012). Small World hides little (each player's coins, the order of
the race and power stacks below the visible column) and that little rarely changes what a
player may do, so the tree is keyed by actions, not by states: every iteration samples one
*determinization* (a full state consistent with what the searching player sees), walks the
one tree with the actions legal in that sample and counts, for each child, how often it was
available. Plain determinized MCTS (one tree per sample) would split a budget of a few dozen
iterations over trees that each learn almost nothing.

What a determinization samples (:func:`determinize`), and nothing else: the other players'
coins (hidden, R-SETUP-4: drawn around a public estimate, never read from the state), the
order of both stacks (shuffled; the column is public) and the game's seed, which decides
the die and later reshuffles (so the search never learns a future face from it). The die is
a chance node: its face is drawn from :func:`~swlab.rules.chance_outcomes` with the search's
own generator (R-COMP-5, R-CONQ-10).

Budgets are **iterations**: with the same seed a position gets the same move on every
machine. The budget is a 2-player game's: a rollout with the default horizon plays
``players + 1`` turns, so with more players a decision runs ``iterations x 3 / (players + 1)``
iterations (at least 1; :meth:`SearchBot.budget`) and takes about as long.
``max_seconds`` is only a guard (a slow machine, a huge board): when an iteration
ends after it, the search stops and answers with what it has; :attr:`SearchBot.last`
records that it did (``stopped_by_time``), the one case where the move depends on the
machine's speed.

Rollouts are played by the greedy bot (:class:`~swlab.bots.greedy.GreedyBot`, about 0.5 ms
a decision) for every seat and **truncated** once ``horizon`` turns have ended since the
searched position (by default the players' count plus one: the searching player's next turn
included, so that declining, which pays a turn later, is seen). A rollout's end is valued in
coins: each player's coins won since the searched position, plus ``projection`` x what that
player would score at the end of a turn now (:func:`~swlab.bots.greedy.turn_score`) for each
of at most two rounds still to come; a player's reward is that gain minus the other players'
average gain.

The action space is cut down in two ways. **Grouping**: a redeployment is one composite
``deploy`` (the greedy bot's, or all tokens spread evenly) instead of a chain of ``place``
and ``take`` steps, and only the greedy bot's :data:`~swlab.bots.greedy.CONQUEST_KEEP` best
conquests by its static estimate are candidates. **Progressive widening**: a node offers
its first ``ceil(widening * visits ** 0.5)`` candidates (at least two), the greedy bot's own
choice first, then the others in the greedy bot's order.

The answer is the root child with the best mean reward among those visited at least
:data:`MIN_VISITS` times, but the greedy bot's choice is kept unless another beats it by
``margin`` coins: a small budget cannot mislead the bot far from the policy it improves. A
budget of 0 iterations, or a single candidate, is the greedy bot's move. Every action
played is legal: candidates come from :func:`~swlab.rules.legal_actions` of the real
position or are checked with :func:`~swlab.rules.is_legal` on it; the engine's public API
only (``legal_actions``, ``apply``, ``chance_outcomes``, ``is_legal``, ``score_rows``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from swlab.bots.base import forward_actions
from swlab.bots.greedy import GreedyBot, Hint, turn_score
from swlab.i18n import _, decimal
from swlab.rules import (
    CHANCE,
    Action,
    Conquer,
    Deploy,
    GameState,
    Place,
    Stage,
    apply,
    chance_outcomes,
    current_player,
    is_legal,
    legal_actions,
)
from swlab.rules.engine import ACTION_RULE

__all__ = [
    "MIN_VISITS",
    "Analysis",
    "Choice",
    "SearchBot",
    "determinize",
    "estimated_coins",
    "explain",
]

#: Visits a root child needs before its mean may replace the greedy bot's choice.
MIN_VISITS = 3
#: The exploration constant of UCB, in coins (rewards are coin differences).
EXPLORATION = 3.0
#: Steps after which a rollout stops whatever the horizon (a guard; a turn takes a few dozen).
MAX_ROLLOUT_STEPS = 600
#: Relative spread of a sampled opponent's coins around their public estimate.
COIN_SPREAD = 0.3


def estimated_coins(state: GameState, me: int, player: int) -> float:
    """What ``me`` can guess of ``player``'s hidden coins from public information alone.

    Everybody starts with 5 (R-SETUP-4) and a player scores about what they would score
    now in each round played; the guess is halfway between that and ``me``'s own coins
    (players of one game tend to stay close).
    """
    played = max(state.round - 1, 0)
    public = 5 + played * turn_score(state, player)
    return (public + state.players[me].coins) / 2


def determinize(state: GameState, me: int, rng: random.Random) -> GameState:
    """A full state ``me`` cannot tell from ``state``: the hidden parts sampled.

    The other players' coins (around :func:`estimated_coins`), the order of the race and
    power stacks and the seed (which decides the die and reshuffles). Everything ``me``
    sees is kept, ``me``'s own coins included.
    """
    players = tuple(
        p if i == me else replace(p, coins=_sample_coins(estimated_coins(state, me, i), rng))
        for i, p in enumerate(state.players)
    )
    races = list(state.race_stack)
    powers = list(state.power_stack)
    rng.shuffle(races)
    rng.shuffle(powers)
    return state.updated(
        players=players,
        race_stack=tuple(races),
        power_stack=tuple(powers),
        seed=rng.randrange(2**31),
    )


def _sample_coins(estimate: float, rng: random.Random) -> int:
    return max(0, round(estimate * rng.uniform(1 - COIN_SPREAD, 1 + COIN_SPREAD)))


@dataclass(frozen=True)
class Choice:
    """A candidate of the searched position with what the search learnt about it."""

    action: Action
    visits: int
    mean: float  #: mean reward in coins (own gain minus the others' average)
    greedy: bool  #: the rollout policy's own choice


@dataclass(frozen=True)
class Analysis:
    """The outcome of one search: the move, every root candidate, and what it cost."""

    action: Action
    choices: tuple[Choice, ...]  #: the root's candidates, best mean first
    iterations: int
    seconds: float = field(compare=False)  #: wall time of the search (not part of the result)
    stopped_by_time: bool = False


@dataclass
class _Node:
    """A node of the tree: children by action (a chance node's by die face)."""

    visits: int = 0
    children: dict[Action, _Node] = field(default_factory=dict)
    #: the acting player's summed reward, per child action
    totals: dict[Action, float] = field(default_factory=dict)
    counts: dict[Action, int] = field(default_factory=dict)
    #: how often each child was legal when this node was visited (ISMCTS availability)
    available: dict[Action, int] = field(default_factory=dict)


class SearchBot:
    """Information-set MCTS with greedy rollouts (see the module text).

    ``iterations`` is the budget per decision of a 2-player game (:meth:`budget`);
    ``horizon`` the turns a rollout plays (``None``: players + 1); ``projection`` how
    much a turn's score at the rollout's end counts for each of at most two rounds to
    come; ``widening`` the progressive widening factor; ``margin`` the coins another
    candidate must gain over the greedy bot's choice; ``max_seconds`` the wall-time guard
    per decision.
    """

    def __init__(
        self,
        seed: int = 0,
        name: str = "search",
        *,
        iterations: int = 32,
        horizon: int | None = None,
        projection: float = 0.5,
        widening: float = 1.5,
        margin: float = 0.5,
        max_seconds: float = 10.0,
    ) -> None:
        if iterations < 0:
            raise ValueError(f"iterations must be 0 or more, not {iterations}")
        self._name = name
        self.seed = seed
        self.iterations = iterations
        self.horizon = horizon
        self.projection = projection
        self.widening = widening
        self.margin = margin
        self.max_seconds = max_seconds
        #: the last search's analysis (``None`` before the first, or for a forced move)
        self.last: Analysis | None = None

    @property
    def name(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"SearchBot(seed={self.seed}, iterations={self.iterations})"

    # --- the protocol -------------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        return self.analyse(state).action

    def analyse(self, state: GameState) -> Analysis:
        """Search ``state`` for its actor and say what was found (see the module text)."""
        if state.turn.stage is Stage.GAME_OVER:
            raise ValueError("the game is over: there is no action to choose")
        if current_player(state) == CHANCE:
            raise ValueError("the die is chance, not a decision: the driver rolls it (R-CONQ-10)")
        start = time.perf_counter()
        legal = legal_actions(state)
        rng = random.Random(self._position_key(state, len(legal)))
        policy = GreedyBot(rng.randrange(2**31))
        base = policy.choose(state)
        if len(legal) == 1:
            return self._done(Analysis(base, (Choice(base, 0, 0.0, True),), 0, 0.0))
        candidates = self._candidates(state, legal, base, policy)
        budget = self.budget(len(state.players))
        if budget == 0 or len(candidates) == 1:
            seconds = time.perf_counter() - start
            return self._done(Analysis(base, (Choice(base, 0, 0.0, True),), 0, seconds))
        me = state.turn.actor
        horizon = self.horizon if self.horizon is not None else len(state.players) + 1
        root = _Node()
        done = 0
        stopped = False
        for done in range(1, budget + 1):
            world = determinize(state, me, rng)
            self._iterate(root, world, candidates, horizon, policy, rng)
            if time.perf_counter() - start > self.max_seconds and done < budget:
                stopped = True
                break
        choices = self._choices(root, candidates, base)
        action = self._pick(choices, base, state)
        seconds = time.perf_counter() - start
        return self._done(Analysis(action, choices, done, seconds, stopped))

    def budget(self, players: int) -> int:
        """Iterations per decision with ``players`` seats: ``iterations`` on 2 players,
        fewer with more (each rollout plays more turns), so a decision takes about as long;
        a fixed ``horizon`` keeps ``iterations``."""
        if self.iterations == 0 or self.horizon is not None or players <= 2:
            return self.iterations
        return max(1, round(self.iterations * 3 / (players + 1)))

    def _done(self, analysis: Analysis) -> Analysis:
        self.last = analysis
        return analysis

    def _position_key(self, state: GameState, n_legal: int) -> str:
        """The seed of a decision's generator: the bot's seed and where the game stands
        (public facts only), so a position gets the same move whatever came before."""
        turn = state.turn
        return (
            f"swlab search|{self.seed}|{state.round}|{state.current}|{turn.actor}|"
            f"{turn.stage}|{len(turn.conquests)}|{n_legal}"
        )  # i18n: not prose (a generator's seed)

    # --- candidates ---------------------------------------------------------------------
    def _candidates(
        self, state: GameState, legal: Sequence[Action], base: Action, policy: GreedyBot
    ) -> list[Action]:
        """The grouped actions of ``state``, the greedy bot's choice first (module text)."""
        stage = state.turn.stage
        forward = forward_actions(legal)
        out: list[Action] = [base]
        if stage in (Stage.REDEPLOY, Stage.DEFEND):
            extras = [a for a in forward if not isinstance(a, Place)]
            even = _even_deploy(state)
            if even is not None and is_legal(state, even):
                extras.append(even)
        else:
            extras = forward
            if stage is Stage.CONQUER:
                kept = policy.candidates(state, state.turn.actor, list(forward))
                extras = [a for a in kept if isinstance(a, Conquer)]
                extras += [a for a in kept if not isinstance(a, Conquer)]
        for a in extras:
            if a not in out:
                out.append(a)
        return out

    def _width(self, visits: int, n: int) -> int:
        """How many candidates a node visited ``visits`` times offers (progressive widening)."""
        return min(n, max(2, math.ceil(self.widening * math.sqrt(visits + 1))))

    # --- one iteration ------------------------------------------------------------------
    def _iterate(
        self,
        root: _Node,
        world: GameState,
        root_candidates: list[Action],
        horizon: int,
        policy: GreedyBot,
        rng: random.Random,
    ) -> None:
        """Select and expand down the tree in ``world``, roll out, back the rewards up."""
        start = world
        turns = 0
        path: list[tuple[_Node, Action, int]] = []  # (node, action, player who chose)
        node: _Node | None = root
        state = world
        expanded = False
        while node is not None and not expanded and turns < horizon:
            if state.turn.stage is Stage.GAME_OVER:
                break
            who = current_player(state)
            if who == CHANCE:
                action = _roll(state, rng)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node()
                node.visits += 1
                path.append((node, action, -1))
            else:
                assert who is not None
                if node is root:
                    options = [a for a in root_candidates if is_legal(state, a)]
                else:
                    legal = legal_actions(state)
                    if len(legal) == 1:
                        options = legal
                    else:
                        options = self._candidates(state, legal, policy.choose(state), policy)
                offered = options[: self._width(node.visits, len(options))]
                for a in offered:
                    node.available[a] = node.available.get(a, 0) + 1
                action = self._select(node, offered)
                node.visits += 1
                path.append((node, action, who))
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node()
                    expanded = True
            before = (state.round, state.current)
            state = apply(state, action)[0]
            if (state.round, state.current) != before:
                turns += 1
            node = child
        final = self._rollout(state, policy, rng, horizon - turns)
        rewards = self._rewards(start, final)
        for parent, action, who in path:
            if who < 0:
                continue
            parent.totals[action] = parent.totals.get(action, 0.0) + rewards[who]
            parent.counts[action] = parent.counts.get(action, 0) + 1

    def _select(self, node: _Node, offered: Sequence[Action]) -> Action:
        """UCB over the offered children (availability counts, ISMCTS); untried first."""
        best: tuple[float, Action] | None = None
        for a in offered:
            n = node.counts.get(a, 0)
            if n == 0:
                return a
            avail = max(node.available.get(a, 1), 1)
            value = node.totals[a] / n + EXPLORATION * math.sqrt(math.log(avail) / n)
            if best is None or value > best[0]:
                best = (value, a)
        assert best is not None
        return best[1]

    def _rollout(
        self, state: GameState, policy: GreedyBot, rng: random.Random, turns_left: int
    ) -> GameState:
        """The greedy bot plays every seat until ``turns_left`` turns have ended."""
        policy.forget()
        steps = 0
        while turns_left > 0 and state.turn.stage is not Stage.GAME_OVER:
            if steps >= MAX_ROLLOUT_STEPS:
                break
            before = (state.round, state.current)
            chance = current_player(state) == CHANCE
            action = _roll(state, rng) if chance else policy.choose(state)
            state = apply(state, action)[0]
            steps += 1
            if (state.round, state.current) != before:
                turns_left -= 1
        return state

    def _rewards(self, start: GameState, end: GameState) -> list[float]:
        """Each player's coin gain plus the projected turns, minus the others' average."""
        rounds = 0 if end.turn.stage is Stage.GAME_OVER else end.geo.turns - end.round + 1
        weight = self.projection * min(max(rounds, 0), 2)
        gains = [
            end.players[p].coins
            - start.players[p].coins
            + (weight * turn_score(end, p) if weight else 0.0)
            for p in range(len(start.players))
        ]
        n = len(gains)
        if n == 1:
            return gains
        total = sum(gains)
        return [g - (total - g) / (n - 1) for g in gains]

    # --- the answer ---------------------------------------------------------------------
    def _choices(
        self, root: _Node, candidates: Sequence[Action], base: Action
    ) -> tuple[Choice, ...]:
        out = [
            Choice(
                a,
                root.counts.get(a, 0),
                root.totals.get(a, 0.0) / root.counts[a] if root.counts.get(a) else 0.0,
                a == base,
            )
            for a in candidates
        ]
        out.sort(key=lambda c: (c.visits == 0, -c.mean, -c.visits))
        return tuple(out)

    def _pick(self, choices: Sequence[Choice], base: Action, state: GameState) -> Action:
        """The best-valued well-visited candidate if it beats the greedy choice by
        ``margin``; the greedy choice otherwise. Checked legal on the real position."""
        greedy = next((c for c in choices if c.greedy), None)
        floor = greedy.mean + self.margin if greedy is not None and greedy.visits else -math.inf
        for c in choices:
            if c.visits < MIN_VISITS:
                continue
            if not c.greedy and c.mean > floor and is_legal(state, c.action):
                return c.action
            break
        return base


def _roll(state: GameState, rng: random.Random) -> Action:
    """A face of the die drawn with the search's generator (never from the game's seed)."""
    outcomes = chance_outcomes(state)
    x = rng.random()
    for action, p in outcomes:
        x -= p
        if x < 0:
            return action
    return outcomes[-1][0]


def _even_deploy(state: GameState) -> Deploy | None:
    """All the acting race's tokens (hand included) spread evenly over its regions: the
    grouped alternative to the greedy bot's placement by exposure (R-REDEPLOY-1)."""
    race = state.race(state.turn.acting) if state.turn.acting else None
    if race is None:
        return None
    regions = state.race_regions(race.name)
    if not regions:
        return None
    now = {i: state.regions[i].tokens for i in regions}
    if state.turn.stage is Stage.DEFEND:
        counts = dict(now)
        spare = race.hand
    else:
        counts = dict.fromkeys(regions, 1)
        spare = sum(now.values()) + race.hand - len(regions)
    if spare < 0:
        return None
    ordered = sorted(regions, key=lambda i: (-now[i], i))
    for k in range(spare):
        counts[ordered[k % len(ordered)]] += 1
    changed = tuple((state.geo.ids[i], counts[i]) for i in sorted(regions) if counts[i] != now[i])
    if not changed and race.hand == 0:
        return None
    return Deploy(changed)


def _rules(actions: Sequence[Action]) -> str:
    """The rule ids of the kinds of ``actions`` (the stage table's, R-...), each once."""
    ids: list[str] = []
    for a in actions:
        rule = ACTION_RULE.get(type(a), ("", ""))[0]
        if rule and rule not in ids:
            ids.append(rule)
    return ", ".join(ids)


def explain(
    state: GameState,
    *,
    iterations: int = 32,
    seed: int = 0,
    words: Callable[[GameState, Action], str] | None = None,
) -> Hint:
    """The search's move for the player who acts now and why: what it is expected to win
    against the other players over the turns the search looks ahead, beside the next best
    candidate, with the rule ids involved (a hint a learner asks for; never automatic).
    The reason leaves the move out: ``GameController.hint`` puts it first.

    ``words`` names an action (the viewer passes its button labels); by default its
    notation. The sentences go through the catalogs.
    """
    bot = SearchBot(seed, iterations=iterations)
    analysis = bot.analyse(state)
    name = words or (lambda _s, a: repr(a))
    best = next((c for c in analysis.choices if c.action == analysis.action), None)
    others = [c for c in analysis.choices if c.action != analysis.action and c.visits]
    turns = bot.horizon if bot.horizon is not None else len(state.players) + 1
    if best is None or not best.visits:
        rules = _rules([analysis.action])
        if iterations == 0:
            return Hint(
                analysis.action, _("it scores most this turn ({rules}).").format(rules=rules)
            )
        return Hint(
            analysis.action, _("the only sensible move here ({rules}).").format(rules=rules)
        )
    if not others:
        return Hint(
            analysis.action,
            _(
                "about {coins} coins against the others over the next {turns} turns ({rules})."
            ).format(
                coins=decimal(best.mean, 1, signed=True),
                turns=turns,
                rules=_rules([analysis.action]),
            ),
        )
    other = max(others, key=lambda c: c.mean)
    if other.mean >= best.mean:  # within the margin: the plan the rollouts play stays
        text = _(
            "about {coins} coins against the others over the next {turns} turns; "
            "{other} looks about as good ({other_coins}), not enough to change the plan "
            "({rules})."
        )
    else:
        text = _(
            "about {coins} coins against the others over the next {turns} turns; "
            "{other}: about {other_coins} ({rules})."
        )
    return Hint(
        analysis.action,
        text.format(
            coins=decimal(best.mean, 1, signed=True),
            turns=turns,
            other=name(state, other.action),
            other_coins=decimal(other.mean, 1, signed=True),
            rules=_rules([analysis.action, other.action]),
        ),
    )
