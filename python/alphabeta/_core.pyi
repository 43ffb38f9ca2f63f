"""Type stubs of the Rust extension ``alphabeta._core`` (see ``python/src``)."""

from typing import Any, Dict, List, Optional, Tuple, TypedDict, Union

__version__: str
MAX_PLY: int

Bound = Optional[Union[int, float]]

def procedures() -> List[Tuple[str, str]]: ...
def tree_names() -> List[str]: ...
def search_tree(
    tree: Any,
    procedure: str = "f2",
    alpha: Bound = None,
    beta: Bound = None,
    depth: Optional[int] = None,
    convention: str = "minmax",
    threads: int = 1,
    trace: bool = False,
) -> Dict[str, Any]: ...
def search_game(
    game: Any,
    root: Any,
    procedure: str = "f2",
    alpha: Bound = None,
    beta: Bound = None,
    depth: Optional[int] = None,
    trace: bool = False,
) -> Dict[str, Any]: ...
def search_chess(
    fen: str,
    depth: int,
    procedure: str = "f2",
    evaluator: str = "material",
    alpha: Bound = None,
    beta: Bound = None,
) -> Dict[str, Any]: ...
def expected(
    n: int, d: int, exact: bool = False, move_generations: bool = False, max_cost_bits: float = 2e9
) -> Tuple[float, float, Optional[Tuple[int, int]]]: ...
def variance_exact(n: int, d: int) -> Tuple[int, int]: ...
def variance_float(n: int, d: int) -> Tuple[float, float]: ...
def distribution_exact(n: int, d: int) -> List[Tuple[int, int]]: ...

VARIANCE_MAX_LEAVES: int
DISTRIBUTION_MAX_LEAVES: int
DISTRIBUTION_MAX_DEPTH: int

class ModelArgs(TypedDict, total=False):
    """A random-tree model: its name and the parameters given."""

    name: str
    n: Optional[int]
    d: Optional[int]
    r: int
    spread: int
    q: List[float]
    mean_branching: List[float]
    ordering: str
    p: float

class RunArgs(TypedDict):
    """A Monte Carlo run: the model and how it is run."""

    model: ModelArgs
    trees: int
    procedure: str
    seed: int
    threads: Optional[int]

def simulate(run: RunArgs) -> Tuple[str, str, str]: ...
def samples(run: RunArgs) -> List[Tuple[int, int, int, int]]: ...
def run_shard(run: RunArgs, index: int, count: int) -> str: ...
def merge(results: List[str]) -> Tuple[str, str, str]: ...

EXPLORE_MAX_POSITIONS: int

class ExplorerPage:
    @property
    def title(self) -> str: ...
    @property
    def positions(self) -> int: ...
    @property
    def values(self) -> List[Tuple[str, str]]: ...
    @property
    def compare(self) -> Tuple[str, str]: ...
    def html(self) -> str: ...
    def save(self, path: str) -> None: ...

def explore(
    tree: Any,
    depth: Optional[int] = None,
    convention: str = "minmax",
    position: Optional[str] = None,
    compare: Tuple[str, str] = ("f1", "f2"),
    model: Optional[ModelArgs] = None,
    seed: int = 1,
) -> ExplorerPage: ...

class State:
    @property
    def game(self) -> str: ...
    @property
    def history(self) -> List[int]: ...
    @property
    def to_move(self) -> int: ...
    def legal_moves(self) -> List[int]: ...
    def play(self, move: int) -> "State": ...
    def is_terminal(self) -> bool: ...
    def diagram(self) -> str: ...
    def _repr_html_(self) -> str: ...

def tictactoe(moves: List[int] = ...) -> State: ...
def connect4(moves: str = "") -> State: ...
def search_state(
    state: State,
    procedure: str = "f2",
    alpha: Bound = None,
    beta: Bound = None,
    depth: Optional[int] = None,
    threads: int = 1,
    trace: bool = False,
) -> Dict[str, Any]: ...
def solve_connect4(state: State, table_mb: int = 64, best: bool = True) -> Dict[str, Any]: ...
