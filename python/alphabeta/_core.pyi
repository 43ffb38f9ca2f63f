"""Type stubs of the Rust extension ``alphabeta._core`` (see ``python/src``)."""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

__version__: str

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
) -> Tuple[float, float, Optional[str]]: ...
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
