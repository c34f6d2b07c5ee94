"""The numba kernel of the optimal solver: iterative deepening DFS with a transposition table.

Conventions shared with ``solver.py``:

- cells are indices ``y * 16 + x``; directions N E S W are 0..3; a move is ``robot * 4 + direction``;
- a turn state is the set of axes a robot has moved along (bit 0 vertical, bit 1 horizontal), so 3 means
  it has ricocheted (RR-15). Robots whose turns do not matter (non-finishers, or the rule off) start at 3;
- a table entry packs key (bits 0-49), remaining depth (50-55) and the call's stamp (56-63); an entry
  whose stamp is not the current one is empty, so a new call need not clear the table.

What the per-node code is shaped by (issue 17, measured with perf): a table lookup is a cache miss
once the table outgrows the caches, so a node's children are generated first and their buckets
prefetched, then entered (two phases); a call to a function taking arrays costs reference
counting, so the slide and the table store are written out in the loop (a written-out state key
measured no faster than the call, so it is called); and a robot's four slides come from one pass
over the other robots (a pass per direction cost a third more time on the slowest positions).
"""

from __future__ import annotations

import time

import numba
import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from robotable.games.ricochet.kernel_contract import (
    CLOCK_IN_KERNEL,
    CLOCK_MONOTONIC,
    EXHAUSTED,
    FOUND,
    GROW,
    INF,
    KIDS,
    TIMEOUT,
)

STEP = np.array([-16, 1, 16, -1], dtype=np.int64)
KEY_MASK = np.uint64((1 << 50) - 1)
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
U6 = np.uint64(63)
SH50 = np.uint64(50)
SH56 = np.uint64(56)
CHECK_EVERY = 0xFFFF  # visited nodes between two clock readings
TABLE_FROM = 3  # remaining depth from which a node is looked up in the table (below: a few moves)


@intrinsic
def prefetch(typingctx, array, index):  # type: ignore[no-untyped-def]
    """A hint to the CPU to load ``array[index]``'s cache line now (LLVM's prefetch: read, keep)."""
    signature = types.void(array, index)

    def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
        array_type = sig.args[0]
        data = context.make_array(array_type)(context, builder, args[0])
        pointer = cgutils.get_item_pointer(context, builder, array_type, data, [args[1]], wraparound=False)
        byte_pointer = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        function_type = ir.FunctionType(ir.VoidType(), [byte_pointer, i32, i32, i32])
        # the name is mangled by the pointer type: p0 (opaque pointers), p0i8 (older llvmlite)
        name = f"llvm.prefetch.{byte_pointer.intrinsic_name}"
        llvm_prefetch = cgutils.get_or_insert_function(builder.module, function_type, name)
        builder.call(llvm_prefetch, [builder.bitcast(pointer, byte_pointer), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return signature, codegen


@intrinsic
def _monotonic_seconds(typingctx):  # type: ignore[no-untyped-def]
    """``clock_gettime(CLOCK_MONOTONIC)`` in seconds, from libc: time.perf_counter's clock (see
    kernel_contract.CLOCK_IN_KERNEL), so that deadlines computed in Python hold here."""
    signature = types.float64()

    def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
        i64, i32 = ir.IntType(64), ir.IntType(32)
        timespec = cgutils.alloca_once_value(builder, ir.Constant(ir.ArrayType(i64, 2), [0, 0]))
        function_type = ir.FunctionType(i32, [i32, timespec.type])
        clock_gettime = cgutils.get_or_insert_function(builder.module, function_type, "clock_gettime")
        builder.call(clock_gettime, [i32(CLOCK_MONOTONIC), timespec])
        seconds = builder.sitofp(builder.load(cgutils.gep(builder, timespec, 0, 0)), ir.DoubleType())
        nanoseconds = builder.sitofp(builder.load(cgutils.gep(builder, timespec, 0, 1)), ir.DoubleType())
        return builder.fadd(seconds, builder.fmul(nanoseconds, ir.DoubleType()(1e-9)))

    return signature, codegen


if CLOCK_IN_KERNEL:

    @njit(cache=True)
    def now() -> float:
        return _monotonic_seconds()

else:

    @njit(cache=True)
    def now() -> float:
        with numba.objmode(t="float64"):
            t = time.perf_counter()
        return t


@njit(cache=True)
def wall_stops(walls: np.ndarray) -> np.ndarray:
    """Where a lone robot stops from each cell in each direction: ``stops[cell * 4 + d]``."""
    for i in range(16):
        if not (walls[i] & 1 and walls[i * 16 + 15] & 2 and walls[240 + i] & 4 and walls[i * 16] & 8):
            raise ValueError("the board's outer edge must be walled all round (RR-3)")
    stops = np.empty(1024, np.int64)
    for c in range(256):
        for d in range(4):
            s = c
            while not (walls[s] >> d) & 1:
                s += STEP[d]
            stops[c * 4 + d] = s
    return stops


@njit(cache=True)
def lower_bounds(stops: np.ndarray, target: int, h: np.ndarray) -> np.ndarray:
    """Fill and return ``h[cell * 4 + turns]``: fewest moves for a finishing robot that could stop on
    any cell (255: never; ``h`` is one byte a bound, to stay small in the caches).

    Any real path of the robot is such a path, so ``h`` never exceeds the true cost. First a backward
    BFS gives ``h3``, the bound once the robot has ricocheted. A shortest such path alternates axes (two
    moves along one axis merge into one), so from two moves on it contains a ricochet and ``h = h3``
    whatever the turns. With ``h3 <= 1`` and the ricochet still missing, one move cannot do: on the
    target's line, neither can two (the middle stop would be the target itself, ending the attempt).
    """
    h3 = np.full(256, INF, np.int64)
    queue = np.empty(256, np.int64)
    h3[target] = 0
    queue[0] = target
    head, tail = 0, 1
    while head < tail:
        c = queue[head]
        head += 1
        k = h3[c] + 1
        for back in range(4):  # cells p from which a move in the opposite direction passes c
            step = STEP[back]
            for p in range(c + step, stops[c * 4 + back] + step, step):
                if h3[p] < k:
                    break  # p's own ray along this line gives the cells beyond it no more than k
                if h3[p] == INF:
                    h3[p] = k
                    queue[tail] = p
                    tail += 1
    for c in range(256):
        line = 1 if (c & 15) == (target & 15) else 2  # the axis bit of c's last move to the target
        for t in range(4):
            if h3[c] >= 2 or t == 3:
                h[c * 4 + t] = h3[c]
            elif c == target:
                h[c * 4 + t] = 3 if t == 0 else 2
            else:
                h[c * 4 + t] = 1 if t | line == 3 else 3
    return h


@njit(cache=True)
def _tight_steps(
    stops: np.ndarray, h: np.ndarray, target: int, node: int, rel: np.ndarray, done: np.ndarray
) -> int:
    """Fold node's tight moves into ``rel[node]`` if all their ends are done; else return one that is not.

    A tight move lowers the bound by one; it touches the cells it crosses, where it stops, and the cell
    beyond a stop that is not against a wall (a robot must stand there).
    """
    c, t, k = node >> 2, node & 3, h[node]
    for d in range(4):
        step = STEP[d]
        nt = t | (1 << (d & 1))
        stop = stops[c * 4 + d]
        for p in range(c + step, stop + step, step):
            succ = p * 4 + nt
            if (p == target and nt != 3) or h[succ] != k - 1:
                continue
            if not done[succ]:
                return succ
            lo, hi = min(c + step, p), max(c + step, p)
            for q in range(lo, hi + 1, abs(step)):
                rel[node, q >> 6] |= np.uint64(1) << np.uint64(q & 63)
            if p != stop:
                q = p + step
                rel[node, q >> 6] |= np.uint64(1) << np.uint64(q & 63)
            for w in range(4):
                rel[node, w] |= rel[succ, w]
    return -1


@njit(cache=True)
def ensure_relevance(
    stops: np.ndarray,
    h: np.ndarray,
    target: int,
    node: int,
    rel: np.ndarray,
    done: np.ndarray,
    stack: np.ndarray,
) -> None:
    """Compute ``rel[node]``: the cells some tight path of the finishing robot from ``node`` touches.

    When the remaining depth equals the bound, only such a path can finish. Computed on demand, since a
    search asks for few nodes, children first (an explicit stack: the tight moves form a DAG).
    """
    stack[0] = node
    top = 1
    while top > 0:
        current = stack[top - 1]
        if done[current]:
            top -= 1
            continue
        rel[current, :] = 0
        missing = _tight_steps(stops, h, target, current, rel, done)
        if missing < 0:
            done[current] = True
            top -= 1
        else:
            stack[top] = missing
            top += 1


@njit(cache=True, inline="always")
def _in_mask(r0: np.uint64, r1: np.uint64, r2: np.uint64, r3: np.uint64, cell: int) -> bool:
    """Whether ``cell`` is in the 256-bit set held in four words (a row of ``rel``)."""
    w = cell >> 6
    word = r0 if w == 0 else r1 if w == 1 else r2 if w == 2 else r3
    return (word >> np.uint64(cell & 63)) & np.uint64(1) != 0


@njit(cache=True, inline="always")
def _between(x: int, start: int, stop: int) -> bool:
    """Whether cell x is on the straight path from ``start`` (excluded) to ``stop`` (included)."""
    if x == start or x < min(start, stop) or x > max(start, stop):
        return False
    if (stop - start) % 16 == 0:
        return (x & 15) == (start & 15)
    return (x >> 4) == (start >> 4)


@njit(cache=True, inline="always")
def _commute(a: int, a_to: int, a_dir: int, b: int, b_to: int, b_dir: int) -> bool:
    """Whether robot A's move a -> a_to and robot B's move b -> b_to give the same result in either order.

    B's slide must not touch A's old cell or stop against A's new one, and A's slide must not have
    stopped against B's old cell nor cross B's new one. Then the search, which tries B's moves before
    A's, has already reached the position from the parent by B then A: skipping A then B loses nothing
    (neither order arrives on the target at its first move, or that move would have ended the search).
    """
    if _between(a, b, b_to) or a_to == b_to + STEP[b_dir]:
        return False
    return not (b == a_to + STEP[a_dir] or _between(b_to, a, a_to))


@njit(cache=True, inline="always")
def state_key(
    pos: np.ndarray, ts: np.ndarray, n: int, vortex: bool, active: int, buf: np.ndarray
) -> np.uint64:
    """Canonical key: blockers are interchangeable, so they enter as a sorted set.

    Vortex: every robot may finish, so the key is the sorted set of (cell, turns). Otherwise: the
    active robot's cell and turns, then the sorted cells of the others.
    """
    m = 0
    for j in range(n):
        if vortex:
            v = pos[j] * 4 + ts[j]
        elif j == active:
            continue
        else:
            v = pos[j]
        k = m
        while k > 0 and buf[k - 1] > v:
            buf[k] = buf[k - 1]
            k -= 1
        buf[k] = v
        m += 1
    key = 0 if vortex else pos[active] * 4 + ts[active]
    shift = 10 if vortex else 8
    for k in range(m):
        key = (key << shift) | buf[k]
    return np.uint64(key)


@njit(cache=True, inline="always")
def table_base(key: np.uint64, bits: int) -> int:
    """First slot of the key's bucket of four (one 32-byte line)."""
    return int((key * GOLDEN) >> np.uint64(64 - bits)) & ~3


@njit(cache=True, inline="always")
def table_probe(table: np.ndarray, bits: int, stamp: np.uint64, key: np.uint64) -> int:
    """Remaining depth already searched from this state without success, or -1."""
    base = table_base(key, bits)
    for j in range(4):
        e = table[base + j]
        if (e >> SH56) == stamp and (e & KEY_MASK) == key:
            return int((e >> SH50) & U6)
    return -1


@njit(cache=True, inline="always")
def table_store(table: np.ndarray, bits: int, stamp: np.uint64, key: np.uint64, depth: int) -> bool:
    """Record that ``depth`` remaining moves were searched from this state; True if already known.

    A full bucket loses its shallowest entry: the table is a cache, a lost entry only costs time.
    """
    base = table_base(key, bits)
    victim = base
    victim_depth = 1 << 30
    for j in range(4):
        e = table[base + j]
        if (e >> SH56) != stamp:
            if victim_depth >= 0:
                victim, victim_depth = base + j, -1
            continue
        stored = int((e >> SH50) & U6)
        if (e & KEY_MASK) == key:
            if stored >= depth:
                return True
            victim, victim_depth = base + j, -2
            break
        if stored < victim_depth:
            victim, victim_depth = base + j, stored
    table[victim] = (stamp << SH56) | (np.uint64(depth) << SH50) | key
    return False


@njit(cache=True)
def rehash(old: np.ndarray, old_stamp: int, new: np.ndarray, new_stamp: int) -> None:
    """Carry the current entries of an outgrown table into a bigger one."""
    bits = 0
    while (1 << bits) < len(new):
        bits += 1
    ours, theirs = np.uint64(old_stamp), np.uint64(new_stamp)
    for e in old:
        if (e >> SH56) == ours:
            table_store(new, bits, theirs, e & KEY_MASK, int((e >> SH50) & U6))


@njit(cache=True)
def search(
    stops: np.ndarray,
    h: np.ndarray,
    rel: np.ndarray,
    rel_done: np.ndarray,
    target: int,
    fin_mask: int,
    vortex: bool,
    active: int,
    must_ricochet: bool,
    start: np.ndarray,
    min_depth: int,
    max_depth: int,
    deadline: float,
    table: np.ndarray,
    stamp: int,
    find_all: bool,
    out: np.ndarray,
    grow_at: int,
    relevance_after: int,
    work: np.ndarray,
    keys: np.ndarray,
    kids: np.ndarray,
    kid_keys: np.ndarray,
) -> tuple[int, int, int, int]:
    """Iterative deepening from ``min_depth`` to ``max_depth``; returns (status, depth, visited, found).

    ``h`` comes from :func:`lower_bounds` for ``target``; ``rel``/``rel_done`` are the target's
    relevance masks, filled on demand and kept by the caller between calls (see ensure_relevance).
    The finishing robot moves first; robots that may finish start with no turns if the rule is on.
    ``work`` (WORK_ROWS x WORK_WIDTH), ``keys`` (KEYS_SIZE), ``kids`` (4 x KEYS_SIZE * KIDS) and
    ``kid_keys`` (KEYS_SIZE * KIDS) are scratch space, so that a call allocates nothing.

    FOUND: ``out[:found, :depth]`` hold solutions (one, or up to ``len(out)`` with ``find_all``).
    EXHAUSTED: none within ``max_depth``. TIMEOUT: ``depth`` was being searched (all shorter are
    proven impossible). GROW: the table was overloaded; call again from ``depth`` with a bigger one.
    """
    n = len(start)
    # Every array comes from ``work`` (rows of WORK_WIDTH): a short search must not pay for allocations.
    mv = work[0]  # next child to enter at each level
    moved = work[1]  # move made from each level
    prev_cell = work[2]
    prev_ts = work[3]
    allowed = work[4]  # robots that may move at each level
    found_before = work[5]
    best = work[6]  # lower bound at each level
    order = work[7]
    rank = work[8]
    ts = work[9]
    pos = work[10]
    buf = work[11]
    rel_stack = work[12]
    kid_count = work[13]  # children kept at each level; mv[g] is the next one to enter
    order[0] = active
    k = 1
    for j in range(n):
        pos[j] = start[j]
        ts[j] = 0 if must_ricochet and (fin_mask >> j) & 1 else 3
        if j != active:
            order[k] = j
            k += 1
    for k in range(n):
        rank[order[k]] = k
    limit = out.shape[0]
    bits = 0
    while (1 << bits) < len(table):
        bits += 1
    ustamp = np.uint64(stamp)
    visited = 0
    found = 0
    full_mask = (1 << n) - 1
    for depth in range(min_depth, max_depth + 1):
        stores = 0
        use_rel = not vortex and visited >= relevance_after
        g = 0
        best[0] = _bound(pos, ts, n, h, fin_mask)
        ok = _enter(
            pos, ts, n, h, fin_mask, vortex, active, depth, table, bits, ustamp, find_all, buf, keys, 0, best
        )
        if ok < 0:
            continue
        allowed[0] = ok
        mv[0] = 0
        found_before[0] = found
        stores += 1
        expand = True
        while g >= 0:
            if expand:
                # Phase 1, on entering node g: generate and prune its children, and prefetch the
                # table bucket of each one that survives, so the lookups of phase 2 find it in cache.
                expand = False
                rest = depth - g - 1
                base_kid = g * KIDS
                count = 0
                # What every move of this node is checked against, read once.
                last_robot = last_rank = -1  # the root has no previous move
                last_axis = last_dir = last_from = last_ts = last_at = 0
                if g > 0:
                    last_robot = moved[g - 1] >> 2
                    last_dir = moved[g - 1] & 3
                    last_axis = last_dir & 1
                    last_from = prev_cell[g - 1]
                    last_ts = prev_ts[g - 1]
                    last_at = pos[last_robot]
                    last_rank = -1 if find_all else rank[last_robot]
                one_spare = use_rel and rest == best[g]
                rel_ready = False
                r0 = r1 = r2 = r3 = np.uint64(0)
                for turn in range(n):
                    i = order[turn]
                    if not (allowed[g] >> i) & 1:
                        continue
                    c = pos[i]
                    # RR-10: the robot's four wall stops, cut short by the others, in one pass over them
                    # (written out here: a call to a function taking arrays costs reference counting)
                    dn, de, ds, dw = stops[c * 4], stops[c * 4 + 1], stops[c * 4 + 2], stops[c * 4 + 3]
                    column = c & 15
                    for j in range(n):
                        p = pos[j]
                        if (p & 15) == column:
                            if dn <= p < c:
                                dn = p + 16
                            elif c < p <= ds:
                                ds = p - 16
                        elif c < p <= de:  # between two cells of one row: on that row
                            de = p - 1
                        elif dw <= p < c:
                            dw = p + 1
                    for d in range(4):
                        dest = dn if d == 0 else de if d == 1 else ds if d == 2 else dw
                        if dest == c:
                            continue  # RR-11
                        nt = ts[i] | (1 << (d & 1))
                        if i == last_robot and last_axis == (d & 1):
                            # Same robot, same axis: equal to one move from the earlier cell, or back to it.
                            # Going back helps only if the robot's turns changed (RR-EX-5: E, W, N) or it
                            # arrives (RR-14: a robot that started on the target).
                            if dest != last_from:
                                continue
                            if nt == last_ts and not (dest == target and (fin_mask >> i) & 1):
                                continue
                        visited += 1
                        if deadline > 0 and (visited & CHECK_EVERY) == 0 and now() > deadline:
                            return TIMEOUT, depth, visited, found
                        if dest == target and (fin_mask >> i) & 1:
                            if nt == 3:  # RR-14/RR-15: a valid arrival
                                moved[g] = i * 4 + d
                                for k in range(g + 1):
                                    out[found, k] = moved[k]
                                found += 1
                                if not find_all or found >= limit:
                                    return FOUND, g + 1, visited, found
                            continue  # a straight arrival ends the attempt (RR-15)
                        if rest == 0:
                            continue
                        bound = best[g]
                        if not vortex:  # the child's bound, before touching anything
                            if i == active:
                                bound = h[dest * 4 + nt]
                            if bound > rest:
                                continue
                        if rank[i] < last_rank and _commute(last_from, last_at, last_dir, c, dest, d):
                            continue  # the other order was searched first, from the parent (see _commute)
                        if one_spare and i != active:
                            # One spare move, spent here by a helper: from now on the finishing robot alone
                            # makes a tight path. If the helper's cells are off every such path, that path
                            # exists without the helper and a shorter solution would have been found: skip.
                            if not rel_ready:
                                node = pos[active] * 4 + ts[active]
                                if not rel_done[node]:
                                    ensure_relevance(stops, h, target, node, rel, rel_done, rel_stack)
                                r0, r1, r2, r3 = rel[node, 0], rel[node, 1], rel[node, 2], rel[node, 3]
                                rel_ready = True
                            if not (_in_mask(r0, r1, r2, r3, c) or _in_mask(r0, r1, r2, r3, dest)):
                                continue
                        if vortex or rest >= TABLE_FROM:
                            old_ts = ts[i]
                            pos[i] = dest
                            ts[i] = nt
                            if vortex:
                                bound = _bound(pos, ts, n, h, fin_mask)
                            if bound <= rest and rest >= TABLE_FROM:
                                key = state_key(pos, ts, n, vortex, active, buf)
                                kid_keys[base_kid + count] = key
                                prefetch(table, table_base(key, bits))
                            pos[i] = c
                            ts[i] = old_ts
                            if bound > rest:
                                continue
                        kids[0, base_kid + count] = i * 4 + d
                        kids[1, base_kid + count] = dest
                        kids[2, base_kid + count] = nt
                        kids[3, base_kid + count] = bound
                        count += 1
                kid_count[g] = count
                mv[g] = 0
            if mv[g] >= kid_count[g]:  # level exhausted: back up
                if find_all and found == found_before[g] and depth - g >= TABLE_FROM:
                    table_store(table, bits, ustamp, keys[g], depth - g)
                    stores += 1
                g -= 1
                if g >= 0:
                    i = moved[g] >> 2
                    pos[i] = prev_cell[g]
                    ts[i] = prev_ts[g]
                continue
            # Phase 2: enter the next child of node g (_enter(), written out).
            kid = g * KIDS + mv[g]
            mv[g] += 1
            move = kids[0, kid]
            i = move >> 2
            rest = depth - g - 1
            prev_cell[g] = pos[i]
            prev_ts[g] = ts[i]
            moved[g] = move
            pos[i] = kids[1, kid]
            ts[i] = kids[2, kid]
            bound = kids[3, kid]
            best[g + 1] = bound
            ok = full_mask
            if bound == rest:  # only robots at their bound may move (see _enter)
                if not vortex:
                    ok = 1 << active
                else:
                    ok = 0
                    for j in range(n):
                        if h[pos[j] * 4 + ts[j]] == rest:
                            ok |= 1 << j
            if rest >= TABLE_FROM:
                key = kid_keys[kid]
                keys[g + 1] = key
                if find_all:
                    if table_probe(table, bits, ustamp, key) >= rest:
                        ok = -1
                else:  # table_store(), written out
                    slot = table_base(key, bits)
                    victim = slot
                    victim_depth = 1 << 30
                    for j in range(slot, slot + 4):
                        e = table[j]
                        if (e >> SH56) != ustamp:
                            if victim_depth >= 0:
                                victim, victim_depth = j, -1
                            continue
                        stored = int((e >> SH50) & U6)
                        if (e & KEY_MASK) == key:
                            if stored >= rest:
                                ok = -1
                            victim, victim_depth = j, -2
                            break
                        if stored < victim_depth:
                            victim, victim_depth = j, stored
                    if ok >= 0:
                        table[victim] = (ustamp << SH56) | (np.uint64(rest) << SH50) | key
            if ok >= 0:
                g += 1
                allowed[g] = ok
                found_before[g] = found
                stores += 1
                expand = True
            else:
                pos[i] = prev_cell[g]
                ts[i] = prev_ts[g]
        if found:
            return FOUND, depth, visited, found
        if stores > grow_at and depth < max_depth:
            return GROW, depth + 1, visited, found
    return EXHAUSTED, max_depth, visited, found


@njit(cache=True, inline="always")
def _bound(pos: np.ndarray, ts: np.ndarray, n: int, h: np.ndarray, fin_mask: int) -> int:
    """The lowest bound over the robots that may finish."""
    value = np.int64(INF)  # typed: the ahead-of-time build does not widen a literal
    for j in range(n):
        if (fin_mask >> j) & 1:
            value = min(value, h[pos[j] * 4 + ts[j]])
    return value


@njit(cache=True, inline="always")
def _enter(
    pos: np.ndarray,
    ts: np.ndarray,
    n: int,
    h: np.ndarray,
    fin_mask: int,
    vortex: bool,
    active: int,
    remaining: int,
    table: np.ndarray,
    bits: int,
    stamp: np.uint64,
    find_all: bool,
    buf: np.ndarray,
    keys: np.ndarray,
    g: int,
    best: np.ndarray,
) -> int:
    """Prune a node or return the mask of robots worth moving from it.

    When the remaining depth equals the lower bound, every remaining move must be the finishing robot's
    (the bound ignores other robots, so their moves cannot lower it): only robots at the bound may move.
    """
    if best[g] > remaining:
        return -1
    mask = (1 << n) - 1
    if best[g] == remaining:
        if not vortex:
            mask = 1 << active
        else:
            mask = 0
            for j in range(n):
                if h[pos[j] * 4 + ts[j]] == remaining:
                    mask |= 1 << j
    if remaining < TABLE_FROM:
        return mask  # a table probe costs more than this node's few moves
    key = state_key(pos, ts, n, vortex, active, buf)
    keys[g] = key
    if find_all:
        return -1 if table_probe(table, bits, stamp, key) >= remaining else mask
    return -1 if table_store(table, bits, stamp, key, remaining) else mask
