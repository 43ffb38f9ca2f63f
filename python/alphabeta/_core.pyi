"""Type stubs of the Rust extension ``alphabeta._core`` (see ``python/src``)."""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

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
) -> Dict[str, Any]: ...
def search_game(
    game: Any,
    root: Any,
    procedure: str = "f2",
    alpha: Bound = None,
    beta: Bound = None,
    depth: Optional[int] = None,
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
def simulate(
    model: str,
    n: Optional[int],
    d: Optional[int],
    trees: int,
    procedure: str,
    seed: int,
    threads: Optional[int],
    r: Optional[int] = None,
    spread: Optional[int] = None,
    q: Optional[Sequence[float]] = None,
    mean_branching: Optional[Sequence[float]] = None,
    ordering: Optional[str] = None,
    p: Optional[float] = None,
) -> Tuple[str, str, str]: ...
def run_shard(
    model: str,
    n: Optional[int],
    d: Optional[int],
    trees: int,
    procedure: str,
    seed: int,
    threads: Optional[int],
    index: int,
    count: int,
    r: Optional[int] = None,
    spread: Optional[int] = None,
    q: Optional[Sequence[float]] = None,
    mean_branching: Optional[Sequence[float]] = None,
    ordering: Optional[str] = None,
    p: Optional[float] = None,
) -> str: ...
def merge(results: List[str]) -> Tuple[str, str, str]: ...
def samples(
    model: str,
    n: Optional[int],
    d: Optional[int],
    trees: int,
    procedure: str,
    seed: int,
    threads: Optional[int],
    r: Optional[int] = None,
    spread: Optional[int] = None,
    q: Optional[Sequence[float]] = None,
    mean_branching: Optional[Sequence[float]] = None,
    ordering: Optional[str] = None,
    p: Optional[float] = None,
) -> List[Tuple[int, int, int, int]]: ...

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

def tictactoe(moves: List[int] = ...) -> State: ...
def connect4(moves: str = "") -> State: ...
def search_state(
    state: State,
    procedure: str = "f2",
    alpha: Bound = None,
    beta: Bound = None,
    depth: Optional[int] = None,
) -> Dict[str, Any]: ...
def solve_connect4(state: State, table_mb: int = 64, best: bool = True) -> Dict[str, Any]: ...
