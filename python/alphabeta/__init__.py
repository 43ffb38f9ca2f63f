"""alphabeta: alpha-beta game-tree search and its analysis, from Python.

The Rust project *alphabeta* reproduces the classic papers on alpha-beta
pruning (Fuller, Gaschnig & Gillogly 1973; Knuth & Moore 1975; ...). This
package calls the same code as its command line ``alphabeta``:

* :func:`search` -- one game tree (nested lists, the text format, or a named
  tree of the papers such as ``"pi"``) or a game written in Python, by any
  procedure, with every counter;
* :func:`exact_nbp`, :func:`exact_nmg` -- Fuller's expected bottom positions
  and move generations, in floating point with an error bound or exactly
  (a :class:`fractions.Fraction`);
* :func:`var_nbp`, :func:`nbp_distribution` -- the variance and the whole
  distribution of NBP (the paper's open problem, §8), exactly, for small trees;
* :func:`explore` -- the explorer's page (``alphabeta explore``) for one tree,
  shown inline in a notebook or saved as a file;
* :func:`simulate` -- Monte Carlo on random trees, on this machine or on a
  Dask cluster (``client=``), with numbers identical to ``alphabeta simulate``;
* :mod:`alphabeta.games` -- tic-tac-toe and Connect Four (with its exact
  solver) as state objects;
* :mod:`alphabeta.chess` -- chess positions from python-chess.

In a notebook, search and simulation results show as compact HTML tables.

Every argument is checked by name: :class:`TypeError` for a value of the
wrong type (a float where an integer is needed, even ``2.0``),
:class:`ValueError` for a value out of its range or a bad input (with the
command line's message); a game whose lines never end raises
:class:`RecursionError` (see :data:`MAX_PLY`); Ctrl-C raises
:class:`KeyboardInterrupt` (long calls release the GIL).
"""

from __future__ import annotations

import copy
import io
import json
import math
import os
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _check, _core, _html
from ._protocol import Game

__all__ = [
    "search",
    "Game",
    "MAX_PLY",
    "SearchResult",
    "procedures",
    "tree_names",
    "exact_nbp",
    "exact_nmg",
    "var_nbp",
    "nbp_distribution",
    "VARIANCE_MAX_LEAVES",
    "DISTRIBUTION_MAX_LEAVES",
    "DISTRIBUTION_MAX_DEPTH",
    "Expected",
    "simulate",
    "sweep",
    "SimulationResult",
    "Estimate",
    "run_shard",
    "merge_shards",
    "explore",
    "ExplorerPage",
    "EXPLORE_MAX_POSITIONS",
]

__version__ = _core.__version__

#: The longest line a search of a game written in Python follows (plies below
#: the root). A line that reaches it raises :class:`RecursionError` (naming the
#: cycle when a position recurs): the game has a cycle or no end, and
#: ``depth=`` (at most ``MAX_PLY``) bounds the search. The search runs on a
#: thread whose stack holds such a line many times over, so it never crashes
#: the interpreter.
MAX_PLY: int = _core.MAX_PLY


def procedures() -> Dict[str, str]:
    """Every procedure's name and one-line description, as ``alphabeta procedures`` lists them."""
    return dict(_core.procedures())


def tree_names() -> List[str]:
    """The named trees of the papers that :func:`search` accepts (``"pi"``, ...)."""
    return list(_core.tree_names())


def _read_value(v: Union[int, str]) -> Union[int, float]:
    """A value of the schema (an int, or "+inf"/"-inf") as Python writes it."""
    return {"+inf": float("inf"), "-inf": float("-inf")}.get(v, v) if isinstance(v, str) else v


def _write_value(v: Union[int, float]) -> Union[int, str]:
    """A value as the schema writes it: an int, the infinities as "+inf"/"-inf"."""
    if isinstance(v, float) and v in (float("inf"), float("-inf")):
        return "+inf" if v > 0 else "-inf"
    return v


_OPTIONAL = ("trace", "parallel")


@dataclass(frozen=True)
class SearchResult:
    """What one search found and counted: one result of ``alphabeta search
    --format json`` (the schema of docs/schema.md).

    ``value`` is the root value for the player to move at the root (an
    ``int``; ``float('inf')``/``-inf`` for the infinities). Moves are
    written as the command line writes them: a move of an explicit tree is
    the number of the child it leads to (from 1, Knuth & Moore's Dewey
    numbering), a move of tic-tac-toe the square 1-9 (row by row), a move of
    a game written in Python the game's own move object, and a chess move
    (:mod:`alphabeta.chess`) a :class:`chess.Move`. The counts follow the
    papers: ``bottom_positions`` is Fuller's NBP (positions evaluated),
    ``positions_examined`` counts every position visited,
    ``settled_positions`` those a table or McCarthy's bounds settled, the
    ``*_per_level`` lists are indexed by level (the root is level 0),
    cutoffs are by kind (alpha cutoffs at Min nodes, beta cutoffs at Max
    nodes, deep ones apart), ``re_searches`` counts the passes Scout,
    NegaScout, MTD(f) and MT-SSS* repeat, and ``node_types`` counts Knuth's
    node types (Theorem 1) by Hsu's label. ``trace`` (with ``trace=True``)
    lists every examined position; ``parallel`` is ``ybwc``'s split points.
    """

    procedure: str
    value: Union[int, float]
    best_move: Any
    principal_variation: List[Any]
    positions_examined: int
    bottom_positions: int
    move_generations: int
    settled_positions: int
    examined_per_level: List[int]
    bottom_per_level: List[int]
    move_generations_per_level: List[int]
    settled_per_level: List[int]
    alpha_cutoffs: int
    beta_cutoffs: int
    deep_cutoffs: int
    pruned_branches: int
    deep_pruned_branches: int
    re_searches: int
    node_types: Dict[str, int]
    trace: Optional[List[Dict[str, Any]]] = None
    parallel: Optional[Dict[str, Any]] = None
    input: str = field(default="", compare=False)
    extra: Dict[str, Any] = field(default_factory=dict)

    @property
    def cutoffs(self) -> int:
        """Alpha plus beta cutoffs."""
        return self.alpha_cutoffs + self.beta_cutoffs

    def to_dict(self) -> Dict[str, Any]:
        """The result as ``alphabeta search --format json`` writes it: equal to
        one element of its ``results`` (docs/schema.md; values as ints or
        "+inf"/"-inf"), with ``extra``'s keys added (chess: the SAN line)."""
        d: Dict[str, Any] = {}
        for k in self.__dataclass_fields__:
            if k in ("input", "extra", "best_move", "principal_variation") or (
                k in _OPTIONAL and getattr(self, k) is None
            ):
                continue
            d[k] = copy.deepcopy(getattr(self, k))
        # Moves are the game's own objects: the same objects, in a new list.
        d["best_move"] = self.best_move
        d["principal_variation"] = list(self.principal_variation)
        d["value"] = _write_value(self.value)
        d.update(copy.deepcopy(self.extra))
        return d

    def __repr__(self) -> str:
        title = f" on {self.input}" if self.input else ""
        return (
            f"<SearchResult {self.procedure}{title}: value {_html.number(self.value)}, "
            f"best move {self.best_move!r}, principal variation {self.principal_variation!r}, "
            f"{self.bottom_positions} bottom positions, {self.positions_examined} positions examined>"
        )

    def _repr_html_(self) -> str:
        """The counts as two compact tables (Jupyter's rich display)."""
        pv = " ".join(str(m) for m in self.principal_variation) or "(none)"
        node_types = ", ".join(f"{k}: {v}" for k, v in self.node_types.items()) or "(none)"
        counts = [
            ("value", self.value),
            ("best move", str(self.best_move)),
            ("principal variation", _html.shorten(pv)),
            ("bottom positions (NBP)", self.bottom_positions),
            ("positions examined", self.positions_examined),
            ("move generations (NMG)", self.move_generations),
            ("settled positions", self.settled_positions),
            ("alpha / beta / deep cutoffs", f"{self.alpha_cutoffs} / {self.beta_cutoffs} / {self.deep_cutoffs}"),
            ("pruned branches (by deep cutoffs)", f"{self.pruned_branches} ({self.deep_pruned_branches})"),
            ("re-searches", self.re_searches),
            ("node types", node_types),
        ]
        levels = zip(
            range(len(self.examined_per_level)),
            self.examined_per_level,
            self.bottom_per_level,
            self.move_generations_per_level,
            self.settled_per_level,
        )
        counts = [(name, _html.number(v)) for name, v in counts]  # one column of text, left-aligned
        title = f"{self.procedure} on {self.input}" if self.input else self.procedure
        return (
            '<div style="display: flex; gap: 2em; flex-wrap: wrap; align-items: flex-start">'
            + _html.table(None, counts, caption=title)
            + _html.table(("level", "examined", "bottom", "move gens", "settled"), levels, caption="per level")
            + "</div>"
        )

    @classmethod
    def _from(cls, raw: Dict[str, Any]) -> "SearchResult":
        names = set(cls.__dataclass_fields__) - {"extra"}
        core = {k: v for k, v in raw.items() if k in names}
        core["value"] = _read_value(raw["value"])
        pv = list(raw["principal_variation"])
        core["principal_variation"] = pv
        core["best_move"] = pv[0] if pv else None
        extra = {k: v for k, v in raw.items() if k not in names}
        return cls(extra=extra, **core)


_GAME_METHODS = ("moves", "play", "evaluate")


def _is_game(obj: Any) -> bool:
    """Whether ``obj`` is meant as a game: it has one of a game's methods
    (the others are then required)."""
    if isinstance(obj, (str, list, tuple)):
        return False
    return any(callable(getattr(obj, m, None)) for m in _GAME_METHODS + ("is_terminal", "legal_moves"))


def _check_game(game: Any) -> None:
    missing = [m for m in _GAME_METHODS if not callable(getattr(game, m, None))]
    if missing:
        raise TypeError(
            f"a game needs the methods moves(pos), play(pos, move) and evaluate(pos) "
            f"(see alphabeta.Game); {type(game).__name__} has no {', '.join(missing)}"
        )


def _snapshot(pos: Any) -> Any:
    """A deep copy of ``pos`` to compare with after the search, when its type
    compares by value; ``None`` otherwise."""
    import copy

    if type(pos).__eq__ is object.__eq__:
        return None
    try:
        return copy.deepcopy(pos)
    except Exception:
        return None


def _changed(before: Any, pos: Any) -> bool:
    """Whether ``pos`` no longer equals its snapshot ``before``."""
    if before is None:
        return False
    try:
        return bool(before != pos)
    except Exception:
        return False


def search(
    tree: Any,
    procedure: str = "f2",
    alpha: Optional[Union[int, float]] = None,
    beta: Optional[Union[int, float]] = None,
    depth: Optional[int] = None,
    *,
    root: Any = None,
    convention: str = "minmax",
    trace: bool = False,
    threads: int = 1,
) -> SearchResult:
    """Search a game tree or a game with one procedure, counting everything.

    ``tree`` is one of

    * nested lists of ints, e.g. ``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]``
      (leaf values from Max's viewpoint unless ``convention="negamax"``);
    * the tree text format, e.g. ``"((3 12 8) (2 4 6) (14 5 2))"``;
    * a named tree of the papers: ``"pi"`` (Knuth & Moore's Fig. 2), ... (see
      :func:`tree_names`);
    * the built-in game ``"tictactoe"``, from the empty board (as
      ``alphabeta search --game tictactoe``; moves are squares 1-9);
    * a state of a built-in game, :func:`alphabeta.games.tictactoe` or
      :func:`alphabeta.games.connect4`, searched natively (moves are the
      state's own: squares 0-8, columns 1-7);
    * a game written in Python: an object with ``moves(pos)``, ``play(pos,
      move)`` and ``evaluate(pos)`` (optionally ``is_terminal(pos)``,
      ``key(pos)`` and ``viewpoint = "max"``), searched from ``root`` (or
      ``tree.root`` / ``tree.start()``). ``evaluate`` scores a position for
      the side to move there unless ``viewpoint == "max"``.

    ``procedure`` is any name of :func:`procedures` (``"f2"`` is Knuth &
    Moore's fail-hard alpha-beta). ``alpha``/``beta`` give the root window
    (default: the full window), ``depth`` a depth limit in plies (0 to
    :data:`MAX_PLY`; default: search to the ends of the game).
    ``trace=True`` records every examined position (``result.trace``);
    ``threads`` is the number of threads of the parallel procedure
    ``"ybwc"``.

    A game is described by :class:`Game`: ``play`` must return a new
    position (one changed in place is refused with :class:`ValueError`
    unless the game has ``copy(pos)``), and a line longer than
    :data:`MAX_PLY` plies raises :class:`RecursionError`, naming the cycle
    when a position recurs.
    """
    procedure = _check.string("procedure", procedure)
    depth = _check.optional_integer("depth", depth, 0, MAX_PLY)
    alpha = _check.bound("alpha", alpha)
    beta = _check.bound("beta", beta)
    convention = _check.string("convention", convention)
    trace = _check.boolean("trace", trace)
    threads = _check.integer("threads", threads, 1, 1 << 16)
    if threads != 1 and procedure != "ybwc":
        raise ValueError(f"threads={threads!r} is for the parallel procedure: use it with procedure=\"ybwc\"")
    if isinstance(tree, _core.State):
        raw = _core.search_state(tree, procedure, alpha, beta, depth, threads, trace)
    elif _is_game(tree):
        _check_game(tree)
        if root is None:
            root = getattr(tree, "root", None)
            if callable(getattr(tree, "start", None)) and root is None:
                root = tree.start()
            if root is None:
                raise ValueError("give the root position: search(game, root=...), or a game.root / game.start()")
        before = _snapshot(root)
        raw = _core.search_game(tree, root, procedure, alpha, beta, depth, trace)
        if _changed(before, root):
            raise ValueError(
                f"the search changed the root position ({before!r} became {root!r}): "
                "play(pos, move) must leave pos as it was and return a new position -- "
                "or give the game a copy(pos) method and the search plays on copies"
            )
    elif isinstance(tree, (str, list, tuple)):
        raw = _core.search_tree(tree, procedure, alpha, beta, depth, convention, threads, trace)
    else:
        raise TypeError(
            f"search() takes a tree (nested lists of ints, the tree text, or a name of "
            f"tree_names()) or a game (an object with moves(pos), play(pos, move) and "
            f"evaluate(pos); see alphabeta.Game), not {type(tree).__name__}"
        )
    return SearchResult._from(raw)


class Expected(float):
    """A float with the bound of its error: ``value.error_bound`` >= |value - exact|.

    ``exact`` is the exact value as a :class:`fractions.Fraction` when it was
    computed (``None`` otherwise).
    """

    error_bound: float
    exact: Optional[Fraction]

    def __new__(cls, value: float, error_bound: float, exact: Optional[Fraction] = None) -> "Expected":
        self = super().__new__(cls, value)
        self.error_bound = error_bound
        self.exact = exact
        return self

    def __repr__(self) -> str:
        return f"Expected({float(self)!r}, error_bound={self.error_bound!r})"

    def _repr_html_(self) -> str:
        """The value with its bound, and the exact fraction when known (Jupyter's rich display)."""
        text = f"{float(self)!r} (error at most {self.error_bound:.3g})"
        if self.exact is not None:
            text += f" = {_html.fraction(self.exact)}"
        return f"<code>{_html.escape(text)}</code>"


def _expected(n: int, d: int, exact: bool, move_generations: bool, max_cost_bits: Optional[float]):
    n = _check.integer("n", n, 1, _check.U32)
    d = _check.integer("d", d, 0, _check.U32)
    exact = _check.boolean("exact", exact)
    if max_cost_bits is not None:
        max_cost_bits = _check.real("max_cost_bits", max_cost_bits, 1.0, float("inf"))
    args = (n, d, exact, move_generations) + (() if max_cost_bits is None else (max_cost_bits,))
    value, error, rational = _core.expected(*args)
    if exact:
        # Built from the integers themselves (never a decimal string, so
        # Python's limit on the digits of a str/int conversion never applies).
        numerator, denominator = rational
        return Fraction(numerator, denominator)
    return Expected(value, error)


def exact_nbp(n: int, d: int, exact: bool = False, *, max_cost_bits: Optional[float] = None):
    """E[NBP_{N,D}]: the expected number of bottom positions alpha-beta evaluates
    on a uniform tree of branching N and depth D with random distinct leaf
    values (Fuller, Gaschnig & Gillogly 1973, Eqn 5.6).

    Returns an :class:`Expected` (a float with ``.error_bound``), or with
    ``exact=True`` a :class:`fractions.Fraction`
    (``exact_nbp(2, 2, exact=True) == Fraction(11, 3)``, Table 5.1).

    ``n``: the branching factor N (1 to 1000 in floating point; any N
    exactly, within the cost limit); ``d``: the depth D in plies (0 to 64 in
    floating point). The exact path multiplies polynomials of exact
    rationals; it is refused (``ValueError``) when the estimated size of its
    largest product exceeds ``max_cost_bits`` bits (default 2e9, about ten
    seconds; the same limit as ``alphabeta exact nbp --exact``). The
    fractions are built from the integers themselves, so any number of
    digits arrives whole (``exact_nbp(15, 4, exact=True)``).
    """
    return _expected(n, d, exact, False, max_cost_bits)


def exact_nmg(n: int, d: int, exact: bool = False, *, max_cost_bits: Optional[float] = None):
    """E[NMG_{N,D}]: the expected number of move generations (Fuller et al. §5);
    like :func:`exact_nbp`."""
    return _expected(n, d, exact, True, max_cost_bits)


#: The largest N^D for which :func:`var_nbp` computes the exact variance
#: (its cost grows like a power of N^D: about half a minute at the limit).
VARIANCE_MAX_LEAVES: int = _core.VARIANCE_MAX_LEAVES

#: The largest N^D for which :func:`nbp_distribution` computes; its depth is
#: at most ``DISTRIBUTION_MAX_DEPTH`` for N >= 2 (the cost grows fastest in D).
DISTRIBUTION_MAX_LEAVES: int = _core.DISTRIBUTION_MAX_LEAVES
DISTRIBUTION_MAX_DEPTH: int = _core.DISTRIBUTION_MAX_DEPTH


def _fraction(rational: Tuple[int, int]) -> Fraction:
    # Built from the integers themselves, as exact_nbp's.
    numerator, denominator = rational
    return Fraction(numerator, denominator)


def _small_tree(n: int, d: int, exact: bool) -> Tuple[int, int, bool]:
    n = _check.integer("n", n, 1, _check.U32)
    d = _check.integer("d", d, 0, _check.U32)
    return n, d, _check.boolean("exact", exact)


def var_nbp(n: int, d: int, exact: bool = False):
    """Var[NBP_{N,D}]: the variance of the number of bottom positions
    alpha-beta evaluates on a uniform tree of branching N and depth D with
    random distinct leaf values -- the "analytical expression for the
    variance" that Fuller, Gaschnig & Gillogly (1973, §8) left open (the same
    code as ``alphabeta exact var-nbp``).

    On small trees (``n ** d`` at most :data:`VARIANCE_MAX_LEAVES`, 256, or
    ``n = 1`` with ``d`` at most 64) it is computed exactly by a recursion
    over the heights of the tree: an :class:`Expected` (a float;
    ``.error_bound`` is its rounding, ``.exact`` the exact
    :class:`fractions.Fraction`), or with ``exact=True`` the
    :class:`fractions.Fraction` itself, built from integers (any number of
    digits): ``var_nbp(3, 2, exact=True) == Fraction(7859, 4900)``.

    Beyond, up to ``n`` <= 64 and ``d`` <= 16, it is computed in floating
    point by the pair integral over parting depths (docs/analysis.md): an
    :class:`Expected` whose ``.error_bound`` is a certified bound (the
    quadrature's truncation bounded by Bernstein-ellipse majorants, and its
    rounding) and whose ``.exact`` is ``None`` (seconds for most sizes,
    minutes at ⟨64, 16⟩). Both computations poll for Ctrl-C: a
    KeyboardInterrupt stops them within a step (a row of the integral's
    cells, or a step of the exact recursion). ``exact=True`` there, or a tree
    beyond both ranges, raises :class:`ValueError`. The standard deviation
    over the mean is ``var_nbp(n, d) ** 0.5 / exact_nbp(n, d)``.
    """
    n, d, exact = _small_tree(n, d, exact)
    if not exact and n >= 2 and n ** min(d, 64) > VARIANCE_MAX_LEAVES:
        value, error = _core.variance_float(n, d)
        return Expected(value, error)
    variance = _fraction(_core.variance_exact(n, d))
    if exact:
        return variance
    value = float(variance)  # correctly rounded: within half a unit in the last place
    return Expected(value, math.ulp(value) / 2, variance)


def nbp_distribution(n: int, d: int, exact: bool = False) -> List[Any]:
    """Pr{NBP_{N,D} = k} for k = 0, 1, ..., N^D: the whole distribution of the
    bottom positions alpha-beta evaluates on a uniform tree with random
    distinct leaf values (Fuller et al. 1973 sample it in Fig. 3.1), exactly,
    as ``alphabeta exact var-nbp --distribution`` computes it.

    A list indexed by k (most entries are 0: NBP is at least the minimal
    tree's count): floats, or with ``exact=True`` :class:`fractions.Fraction`\\ s
    summing to 1. Small trees only: ``n ** d`` at most
    :data:`DISTRIBUTION_MAX_LEAVES` (64) and ``d`` at most
    :data:`DISTRIBUTION_MAX_DEPTH` (5) for ``n >= 2``; beyond,
    :class:`ValueError`. Ctrl-C stops it within a step of the recursion
    (KeyboardInterrupt).
    """
    n, d, exact = _small_tree(n, d, exact)
    probabilities = [_fraction(p) for p in _core.distribution_exact(n, d)]
    return probabilities if exact else [float(p) for p in probabilities]


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo mean with its sample standard deviation and 95 % interval."""

    mean: float
    sd: float
    ci95: Tuple[float, float]
    sd_over_mean: float

    @classmethod
    def _from(cls, e: Dict[str, float]) -> "Estimate":
        return cls(e["mean"], e["sd"], (e["ci95_low"], e["ci95_high"]), e["sd_over_mean"])

    def covers(self, x: float) -> bool:
        """Whether ``x`` lies in the 95 % interval."""
        return self.ci95[0] <= x <= self.ci95[1]


class SimulationResult:
    """The summary of a Monte Carlo run (identical to ``alphabeta simulate``'s).

    ``mean``, ``sd``, ``ci95`` are those of the bottom positions per tree
    (Fuller's NBP); ``nodes`` and ``move_generations`` are the other
    :class:`Estimate`\\ s, ``levels`` the per-level rows, ``totals`` the exact
    integer sums everything is computed from.
    """

    #: Per-tree counts (``simulate(..., samples=True)``), columns of equal
    #: length: ``tree`` (the index i), ``bottom_positions``,
    #: ``positions_examined``, ``move_generations`` and ``value`` (the root
    #: value for the side to move); ``pandas.DataFrame(result.samples)`` is
    #: their table. ``None`` unless asked for.
    samples: Optional[Dict[str, List[int]]] = None

    def __init__(self, json_text: str, csv_text: str, table: str) -> None:
        self._json = json_text
        self._csv = csv_text
        self._table = table
        self.summary: Dict[str, Any] = json.loads(json_text)
        s = self.summary
        self.model: str = s["model"]
        self.procedure: str = s["procedure"]
        self.seed: int = s["seed"]
        self.trees: int = s["trees"]
        self.complete: bool = s["complete"]
        self.leaves = Estimate._from(s["leaves"])
        self.nodes = Estimate._from(s["nodes"])
        self.move_generations = Estimate._from(s["move_generations"])
        self.levels: List[Dict[str, Any]] = s["levels"]
        self.cutoffs: Dict[str, float] = s["cutoffs"]
        self.root_value_mean: float = s["root_value_mean"]
        self.totals: Dict[str, Any] = s["totals"]

    @property
    def mean(self) -> float:
        """Mean bottom positions per tree (Fuller's NBP)."""
        return self.leaves.mean

    @property
    def sd(self) -> float:
        """Sample standard deviation of the bottom positions per tree."""
        return self.leaves.sd

    @property
    def ci95(self) -> Tuple[float, float]:
        """95 % confidence interval of :attr:`mean`."""
        return self.leaves.ci95

    def to_json(self) -> str:
        """The summary as ``alphabeta simulate --format json`` prints it (without the final newline)."""
        return self._json

    def to_csv(self) -> str:
        """The summary as ``alphabeta simulate --format csv`` prints it."""
        return self._csv

    def to_dict(self) -> Dict[str, Any]:
        """The whole summary as plain Python data."""
        return json.loads(self._json)

    def to_pandas(self):
        """A tidy :class:`pandas.DataFrame`: one row per measure and level
        (columns model, procedure, seed, trees, measure, level, mean, sd,
        ci95_low, ci95_high, sd_over_mean), the rows of ``--format csv``."""
        import pandas as pd

        return pd.read_csv(io.StringIO(self._csv), dtype={"level": "Int64"})

    def __str__(self) -> str:
        return self._table

    def __repr__(self) -> str:
        return (
            f"<SimulationResult {self.model}, {self.procedure}, seed {self.seed}, {self.trees} trees: "
            f"NBP {self.mean:.4f} [{self.ci95[0]:.4f}, {self.ci95[1]:.4f}]>"
        )

    def _repr_html_(self) -> str:
        """The summary as compact tables, the numbers of :meth:`__str__` (Jupyter's rich display)."""

        def row(name: str, e: Estimate) -> Tuple[Any, ...]:
            return (name, e.mean, e.sd, f"[{e.ci95[0]:.4f}, {e.ci95[1]:.4f}]", e.sd_over_mean)

        caption = f"{self.model}, {self.procedure}, seed {self.seed}, {self.trees} trees"
        if not self.complete:
            caption += f" (incomplete: {self.trees} of {self.summary['trees_requested']})"
        measures = [
            row("bottom positions (NBP)", self.leaves),
            row("positions examined", self.nodes),
            row("move generations (NMG)", self.move_generations),
        ]
        levels = [
            (
                lv["level"],
                lv["examined"]["mean"],
                f"[{lv['examined']['ci95_low']:.4f}, {lv['examined']['ci95_high']:.4f}]",
                lv["leaves_mean"],
                lv["move_generations_mean"],
            )
            for lv in self.levels
        ]
        c = self.cutoffs
        cutoffs = ", ".join(f"{k.replace('_', ' ')} {v:.4f}" for k, v in c.items() if isinstance(v, (int, float)))
        samples = "" if self.samples is None else f"; every tree's counts in .samples ({len(self.samples['tree'])} trees)"
        return (
            _html.table(("per tree", "mean", "sd", "95% CI", "sd/mean"), measures, caption=caption)
            + f"<p style=\"font-size: 0.9em; margin: 0.2em 0\">cutoffs and pruned branches per tree: {_html.escape(cutoffs)}{_html.escape(samples)}</p>"
            + _html.table(("level", "examined", "95% CI", "bottom", "move gens"), levels)
        )


_MODEL_OPTIONS = ("r", "spread", "q", "mean_branching", "ordering", "p")


def _model_args(model: str, n: Optional[int], d: Optional[int], model_options: Dict[str, Any]) -> Dict[str, Any]:
    """A random-tree model, checked by name: its name, ``n``, ``d`` and the
    options given (what the core's ``ModelArgs`` reads)."""
    unknown = sorted(set(model_options) - set(_MODEL_OPTIONS))
    if unknown:
        raise TypeError(f"unknown model option {unknown[0]!r}; known: {', '.join(_MODEL_OPTIONS)}")
    name = _check.string("model", model)
    n = _check.optional_integer("n", n, 0, _check.U32)
    d = _check.optional_integer("d", d, 0, _check.U32)
    opts = {k: v for k, v in model_options.items() if v is not None}
    if "r" in opts:
        opts["r"] = _check.integer("r", opts["r"], 1, _check.U64)
    if "spread" in opts:
        opts["spread"] = _check.integer("spread", opts["spread"], 0, _check.U32)
    if "p" in opts:
        opts["p"] = _check.real("p", opts["p"], 0.0, 1.0)
    if "ordering" in opts:
        opts["ordering"] = _check.string("ordering", opts["ordering"])
    for option in ("q", "mean_branching"):
        if option in opts:
            opts[option] = _check.reals(option, opts[option])
    return dict(name=name, n=n, d=d, **opts)


def _run_args(model, n, d, trees, procedure, seed, threads, model_options) -> Dict[str, Any]:
    """A Monte Carlo run, checked by name (what the core's ``RunArgs`` reads)."""
    model_args = _model_args(model, n, d, model_options)
    procedure = _check.string("procedure", procedure)
    trees = _check.integer("trees", trees, 1, _check.U64)
    seed = _check.integer("seed", seed, 0, _check.U64)
    cores = os.cpu_count() or 1
    threads = _check.optional_integer("threads", threads, 1, cores)
    return dict(model=model_args, trees=trees, procedure=procedure, seed=seed, threads=threads)


def simulate(
    model: str = "uniform",
    n: Optional[int] = None,
    d: Optional[int] = None,
    trees: int = 1000,
    procedure: str = "f2",
    seed: int = 1,
    threads: Optional[int] = None,
    client: Any = None,
    *,
    shards: Optional[int] = None,
    retries: int = 2,
    samples: bool = False,
    **model_options: Any,
) -> SimulationResult:
    """Monte Carlo: ``trees`` random trees of ``model`` searched by ``procedure``.

    The numbers are identical to ``alphabeta simulate``'s: tree ``i`` is
    grown from ``(seed, i)`` alone and every count is summed exactly.

    ``model`` -- the random trees:

    * ``"uniform"`` -- every position on levels 0..D-1 has ``n`` successors,
      the leaves (level ``d``) get distinct random values (Fuller, Gaschnig
      & Gillogly's model, for which :func:`exact_nbp` is exact);
    * ``"range"`` -- uniform shape, leaf values drawn from ``r`` equally likely
      values (so ties occur; ``r`` required);
    * ``"additive"`` -- uniform shape, each branch carries a value uniform on
      ``-spread..=spread`` (default 2**20) and a leaf's value is the sum along
      its path (values of neighbouring leaves are correlated);
    * ``"dependent"`` -- Knuth & Moore's dependent model: ``n`` is the degree
      and ``d`` the height of the tree;
    * ``"branching"`` -- a random shape: a position on level ``j`` is
      non-terminal with probability ``q[j]`` and then has a random number of
      successors of mean ``mean_branching[j]`` (``q`` and ``mean_branching``
      each one number, for every level, or one per level; ``n`` and ``d`` are
      not used).

    ``n`` -- the branching factor N (an int >= 1); ``d`` -- the depth D in
    plies (an int >= 0). ``trees`` -- how many trees (>= 1). ``procedure`` --
    a name of :func:`procedures`. ``seed`` -- the base seed (>= 0).

    ``ordering`` (any model) -- the order in which successors are searched:
    ``"random"`` (as generated, the default), ``"perfect"`` (best first
    everywhere: Knuth & Moore's minimal tree), ``"worst"`` (worst first),
    ``"best-first"`` (the best successor first with probability ``p``, the
    others in random order), ``"constructed"`` (values rebuilt so that the
    generated order is perfect, the shape kept).

    ``threads``: worker threads in this process (default: one per core).
    ``samples=True`` also keeps every tree's counts in
    :attr:`SimulationResult.samples` (for histograms and bootstraps; the
    trees are searched a second time, one by one; at most
    ``MAX_SAMPLES`` trees).
    ``client``: a :class:`dask.distributed.Client`; the run is then split into
    ``shards`` shards (default: four per worker thread of the cluster), each
    searched by a Dask task (retried up to ``retries`` times if it fails),
    and merged -- to the same result as a single-process run.
    """
    args = _run_args(model, n, d, trees, procedure, seed, threads, model_options)
    if client is not None:
        from ._dask import simulate_on

        if samples:
            raise ValueError("samples=True runs in this process; leave out client=")
        return simulate_on(client, args, shards=shards, retries=retries)
    if shards is not None:
        raise ValueError("shards= is for a Dask run (client=...); a local run uses threads=")
    result = SimulationResult(*_core.simulate(args))
    if _check.boolean("samples", samples):
        result.samples = _samples(args)
    return result


#: The most trees ``simulate(..., samples=True)`` keeps the counts of.
MAX_SAMPLES = 10_000_000


def _samples(args: Dict[str, Any]) -> Dict[str, List[int]]:
    if args["trees"] > MAX_SAMPLES:
        raise ValueError(f"samples=True keeps at most {MAX_SAMPLES} trees, not {args['trees']}")
    rows = _core.samples(args)
    columns = ("bottom_positions", "positions_examined", "move_generations", "value")
    out: Dict[str, List[int]] = {"tree": list(range(len(rows)))}
    for k, name in enumerate(columns):
        out[name] = [row[k] for row in rows]
    return out


def run_shard(index: int, count: int, **run_args: Any) -> str:
    """Shard ``index`` of ``count`` (1 <= index <= count) of a run, as the JSON
    that ``alphabeta simulate --shard K/M`` writes; ``run_args`` are those of
    :func:`simulate` (without ``client``). Shard ``index`` holds the trees
    ``(index-1)*trees//count`` up to ``index*trees//count``; the results of
    all ``count`` shards give :func:`merge_shards` the run's summary."""
    count = _check.integer("count", count, 1, _check.U64)
    index = _check.integer("index", index, 1, count)
    model_options = {k: run_args.pop(k) for k in list(run_args) if k in _MODEL_OPTIONS}
    args = _run_args(
        run_args.pop("model", "uniform"),
        run_args.pop("n", None),
        run_args.pop("d", None),
        run_args.pop("trees", 1000),
        run_args.pop("procedure", "f2"),
        run_args.pop("seed", 1),
        run_args.pop("threads", None),
        model_options,
    )
    if run_args:
        raise TypeError(f"run_shard() got an unknown argument {sorted(run_args)[0]!r}")
    return _core.run_shard(args, index, count)


def merge_shards(results: Sequence[str]) -> SimulationResult:
    """Merges shard results (JSON texts of :func:`run_shard` or files of
    ``alphabeta simulate --shard``) into the run's summary, as ``alphabeta
    merge`` does; raises ``ValueError`` unless they are every shard of one
    run, once each."""
    if isinstance(results, (str, bytes)) or not all(isinstance(r, str) for r in results):
        raise TypeError("results must be a list of JSON texts (what run_shard() returns)")
    return SimulationResult(*_core.merge(list(results)))


#: The most positions :func:`explore` draws (the explorer's limit, as
#: ``alphabeta explore``'s): the page draws every one and replays every
#: procedure over them.
EXPLORE_MAX_POSITIONS: int = _core.EXPLORE_MAX_POSITIONS


class ExplorerPage:
    """The explorer's page for one tree (:func:`explore`): shown inline in a
    notebook (an ``<iframe>`` holding the whole page), written to a file by
    :meth:`save`, its HTML text from :meth:`html`.

    ``title`` says what the tree is, ``positions`` how many positions the
    page draws, ``values`` each procedure's root value (as the page writes
    it), ``compare`` the two procedures it opens with side by side.
    """

    #: The height of the inline frame, in CSS pixels.
    height: int = 720

    def __init__(self, page: "_core.ExplorerPage") -> None:
        self._page = page

    @property
    def title(self) -> str:
        """What the tree is (the page's title line)."""
        return self._page.title

    @property
    def positions(self) -> int:
        """How many positions the page draws."""
        return self._page.positions

    @property
    def values(self) -> Dict[str, str]:
        """Each procedure's root value (for the side to move there), as the page writes it."""
        return dict(self._page.values)

    @property
    def compare(self) -> Tuple[str, str]:
        """The two procedures the page opens with, side by side."""
        return self._page.compare

    def html(self) -> str:
        """The page: one self-contained HTML file (style, script and data
        inlined; no network), the file ``alphabeta explore`` writes."""
        return self._page.html()

    def save(self, path: Union[str, "os.PathLike[str]"]) -> str:
        """Writes the page to ``path`` atomically (a temporary file beside it
        renamed over it, so a reader never sees half a page), creating its
        folder if need be; returns the path (:class:`OSError` if the file
        system refuses). Open it in a browser."""
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a str or a path, not {type(path).__name__}")
        path = os.fspath(path)
        self._page.save(path)
        return path

    def _repr_html_(self) -> str:
        # The page in a sandboxed frame (its scripts run, cut off from the
        # notebook); srcdoc holds the page escaped as an attribute value.
        srcdoc = _html.escape(self._page.html())
        title = _html.escape(f"alphabeta explorer: {self.title}")
        return (
            f'<iframe srcdoc="{srcdoc}" title="{title}" sandbox="allow-scripts" '
            f'style="width: 100%; height: {int(self.height)}px; border: 1px solid #ccc"></iframe>'
        )

    def __repr__(self) -> str:
        a, b = self.compare
        return (
            f"<ExplorerPage {self.title!r}: {self.positions} positions, "
            f"{len(self.values)} procedures, {a} beside {b}>"
        )


def explore(
    tree: Any = None,
    *,
    depth: Optional[int] = None,
    convention: str = "minmax",
    position: Optional[str] = None,
    compare: Sequence[str] = ("f1", "f2"),
    model: Optional[str] = None,
    n: Optional[int] = None,
    d: Optional[int] = None,
    seed: int = 1,
    **model_options: Any,
) -> ExplorerPage:
    """The explorer of ``alphabeta explore`` for one tree: a page that steps
    through every procedure on it and shows what each prunes (the tree drawn,
    the windows, the values returned, alpha, beta and deep cutoffs, node
    types, the running counts). In a notebook the result shows the page
    inline; ``.save("tree.html")`` writes it as a file.

    ``tree`` is read as :func:`search` reads it: nested lists of ints
    (``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]``), the tree text, a named tree of
    the papers (``"pi"``), or ``"tictactoe"`` (from the empty board, or from
    ``position``: nine squares row by row, ``"X.O.X...."``). ``depth`` limits
    the plies explored (default: to the ends), ``convention`` is that of
    :func:`search`. Or, with ``tree`` left out, a random tree of ``model``
    (with ``n``, ``d`` and the model options of :func:`simulate`) grown from
    ``seed``, explored to its depth ``d``. ``compare``: the two procedures
    the page opens with side by side.

    The page draws every position: a tree (or the part of a game above
    ``depth``) of more than :data:`EXPLORE_MAX_POSITIONS` (20 000)
    positions is refused with :class:`ValueError`.
    """
    depth = _check.optional_integer("depth", depth, 0, _check.U32 - 1)
    convention = _check.string("convention", convention)
    if position is not None:
        position = _check.string("position", position)
    if not isinstance(compare, (list, tuple)):
        raise TypeError(f"compare must be two procedure names, e.g. ('f1', 'f2'), not {type(compare).__name__} {compare!r}")
    if len(compare) != 2:
        raise ValueError(f"compare takes two procedure names, e.g. ('f1', 'f2'), not {len(compare)}")
    compare = (_check.string("compare[0]", compare[0]), _check.string("compare[1]", compare[1]))
    seed = _check.integer("seed", seed, 0, _check.U64)
    if model is None:
        if n is not None or d is not None or model_options:
            raise ValueError("n, d and the model options describe a random tree: give model= too")
        if tree is None:
            raise TypeError("explore() takes a tree (nested lists, the tree text, a named tree, \"tictactoe\") or model=")
        if not isinstance(tree, (str, list, tuple)):
            raise TypeError(
                f"explore() takes a tree (nested lists of ints, the tree text, a name of tree_names() "
                f"or \"tictactoe\"), not {type(tree).__name__}"
            )
        model_args = None
    else:
        if tree is not None:
            raise ValueError("give a tree or model= (a random tree), not both")
        model_args = _model_args(model, n, d, model_options)
    return ExplorerPage(_core.explore(tree, depth, convention, position, compare, model_args, seed))


from . import games  # noqa: E402  (the built-in games: alphabeta.games.connect4(...))
from ._sweep import sweep  # noqa: E402
