"""A first session with alphabeta (run: python examples/tutorial.py).

Reproduces Fuller, Gaschnig & Gillogly's Table 5.1 (exact E[NBP_{N,2}]) and
one point of their Fig. 5.1 (Monte Carlo against Eqn 5.6), searches Knuth &
Moore's pi tree with every procedure, and a game written in Python.
"""

import alphabeta

# Table 5.1: E[NBP_{N,2}], the expected bottom positions of alpha-beta on
# uniform trees of depth 2, as exact fractions.
print("Table 5.1  E[NBP_{N,2}]")
for n in range(2, 13):
    exact = alphabeta.exact_nbp(n, 2, exact=True)
    print(f"  N = {n:2}  {float(exact):10.4f}  = {exact}")

# Fig. 5.1, one point: N = 10, D = 4 with Fuller's 1000 trees.
mc = alphabeta.simulate(n=10, d=4, trees=1000, seed=1)
eqn = alphabeta.exact_nbp(10, 4)
lo, hi = mc.ci95
print(f"\nFig. 5.1 point <10,4>: Monte Carlo {mc.mean:.1f} [{lo:.1f}, {hi:.1f}],"
      f" Eqn 5.6 {eqn:.1f} (error <= {eqn.error_bound:.1e}), covered: {lo <= eqn <= hi}")
print(mc.to_pandas().query("measure == 'examined_on_level'")[["level", "mean", "ci95_low", "ci95_high"]])

# Knuth & Moore's pi tree (Fig. 2) with every procedure.
print("\nthe pi tree:")
for name in alphabeta.procedures():
    r = alphabeta.search("pi", procedure=name)
    print(f"  {name:13} value {r.value}  bottom positions {r.bottom_positions:3}"
          f"  per level {r.examined_per_level}")


# A game written in Python: Nim with one heap, take 1..3, the last one wins.
class Nim:
    def moves(self, heap):
        return [k for k in (1, 2, 3) if k <= heap]

    def play(self, heap, k):
        return heap - k

    def evaluate(self, heap):  # for the side to move: no objects left = lost
        return -1 if heap == 0 else 0


r = alphabeta.search(Nim(), root=10, procedure="f2")
print(f"\nNim from 10: value {r.value}, take {r.best_move}, {r.positions_examined} positions examined")
