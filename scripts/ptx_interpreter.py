#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A single-thread interpreter of the integer PTX that nvcc emits (nvcc -ptx, sm_90, .address_size 64).

It runs one thread of a kernel on the CPU on given inputs, so that what the PTX computes can be compared with
what the host computes: a device result that is already wrong here was made wrong before ptxas (by NVVM, nvcc's
optimiser, which writes the PTX); one that is right here but wrong on the GPU went wrong after the PTX.

Library use
-----------
    import ptx_interpreter as pi
    module = pi.Module.from_file("kernel.ptx")          # or pi.Module(text)
    module.entries()                                     # names of the .entry functions
    module.entry_params(name)                            # [Param(name, offset, size, align, type)]
    gm = pi.GlobalMemory()
    a_in = gm.alloc(n * in_size); gm.write(a_in, in_bytes)
    a_out = gm.alloc(n * out_size)                       # allocated, not written: reading it would raise
    stats = module.run(entry, [a_in, a_out, n], gm,      # params: bytes laid out as the entry's parameter
                       tid=(i, 0, 0), ntid=(1, 1, 1),    # block, or a list with one item per parameter: an int,
                       ctaid=(0, 0, 0), nctaid=(1, 1, 1),  # bytes (a by-value struct), or (type, value)
                       trace=None)                       # -> RunStats(instructions, calls, seconds)
    out = gm.read(a_out + i * out_size, out_size)
    module.call(function, [arg bytes...], gm)            # runs one .func alone; returns its return value's bytes

Further keyword arguments of run (and call):
unwritten="raise" (a read of memory never written raises UninitialisedRead naming the address and the
instruction), a fill byte 0..255 returned for such bytes instead, or "lazy": each element of a load with a byte
never written is an undefined value (None in its register); an instruction that computes from one gives an
undefined result (a store of it leaves its bytes unwritten), and one whose branch, guard or address depends on
it, or a call or atomic that reads it, raises UndefinedRegisterRead (the granularity is a register or a vector
element, not a bit). nvcc's PTX reads never-written memory where the C++ does not: vector loads of local memory
of which some elements are unused, copies of a struct's padding; "lazy" lets such code run and still catches a
use. RunStats.unwritten_reads counts the loads of unwritten bytes that did not raise, undefined_results the
instructions that computed an undefined value;
registers="zero" (a register holds 0 until written), "raise" (reading a register that holds no value raises
UndefinedRegisterRead) or an int, a bit pattern every register starts with (masked to its width): nvcc's PTX
reads registers that no instruction writes where LLVM had an undefined value (undef), e.g. the unused half of
mov.b64 %rd, {%r1, %r2}; Function.never_written lists them, and a run with another pattern shows whether any
result depends on them;
dynamic_shared (bytes of extern .shared memory); max_instructions (raise InstructionLimit beyond it).

Tracing: trace is any object with some of these methods (missing ones are not called):
    on_call(event)          a call begins: event.function, event.caller, event.depth, event.line (of the call
                            instruction), event.args (list of the parameters' bytes), event.snapshot() (the
                            local and global memory at that moment, for module.call(..., memory=...))
    on_return(event)        it returned: event.retval (bytes of the return value, None for a void function),
                            event.instructions (executed inside it, callees included);
                            event.read(address, n): memory at a generic address (a pointer argument's target)
    on_instruction(function, line, text, registers)
                            before every instruction (slower: each instruction is then run on its own);
                            registers(name) gives a register's value in the current frame
CallRecorder is a ready tracer that keeps every call event.

Semantics
---------
Registers hold unsigned integers masked to their declared width (predicates hold bools); each frame has its own
registers and its own carry flag CC.CF (add.cc, addc, sub.cc (the flag is then the borrow, as PTX defines it),
mad.lo.cc, madc.hi.cc, ...). Memory is byte addressed, little endian, with a state byte per address:
unallocated, allocated, written. The state spaces:
    global   GlobalMemory: the caller's allocations (from 0x1_0000_0000) and the module's .global variables;
             a generic address of global memory is the global address itself (as on the GPU);
    local    a stack: every call pushes a frame holding the callee's .local variables (nvcc's __local_depot<N>,
             which %SPL and, through cvta.local, %SP point to), its .param variables and those of the calls it
             makes; the frame is freed (made unallocated) when the function returns;
    shared, const, param (the kernel's parameters): one window each.
Generic addresses of the other spaces carry a tag in their top four bits: local 0xA, shared 0xB, const 0xC,
param 0xD (cvta.local adds GENERIC_LOCAL, cvta.to.local subtracts it; ld/st without a space decode the tag).

Every instruction is decoded once into Python source; a function's basic blocks are compiled into one Python
function each (no parsing at run time): about 25 M instructions/s on a loop of simple integer instructions,
5 to 9 M/s on nvcc's code for 1024-bit modular arithmetic (local memory, calls), on one core of a current x86 CPU.
An instruction or modifier that is not implemented raises PtxUnsupported naming it and its line when executed
(module.unsupported lists them after decoding; --decode prints them). Implemented: integer arithmetic with the
carry forms, mul/mad .lo/.hi/.wide, mul24/mad24, sad, div/rem, min/max, abs/neg, logic and lop3, shifts with
PTX's clamping, shf, bfe/bfi/bfind/brev/clz/popc/prmt, setp (with .and/.or/.xor and p|q), selp/slct, mov
(packing, unpacking, symbol addresses, special registers), cvt between integer types (.sat), cvta/isspacep,
ld/ldu/st (every space, .v2/.v4, cache and ordering modifiers ignored), atom/red, bra/call/ret/exit/trap,
barriers and fences (no-ops), vote/shfl/redux/activemask for one active thread. Floating point is not.

Command line
------------
    ptx_interpreter.py FILE.ptx --list                  the entries and their parameter layouts
    ptx_interpreter.py FILE.ptx --decode                the instructions it cannot run, with their lines
    ptx_interpreter.py FILE.ptx --run ENTRY --param u32:5 --param u64:0x10 [--tid X,Y,Z] ...
                                                        one thread (no memory: for kernels without pointers)
"""

from __future__ import annotations

import argparse
import bisect
import dataclasses
import re
import struct
import sys
import time

# ----------------------------------------------------------------------------------------------------------------
# Errors

class PtxError(Exception):
    """Base class of the interpreter's errors."""


class PtxParseError(PtxError):
    """The PTX text could not be parsed."""


class PtxUnsupported(PtxError, NotImplementedError):
    """An instruction, modifier or construct the interpreter does not implement (its message names it and its
    line)."""


class PtxRuntimeError(PtxError):
    """An error while running: carries the function, line and instruction where it happened, and the chain of
    calls that led there (innermost first)."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message
        self.function = None
        self.line = None
        self.instruction = None
        self.call_chain = []

    def locate(self, function, line, instruction):
        """Records where the error happened (the innermost frame), or adds a caller to the chain."""
        if self.function is None:
            self.function, self.line, self.instruction = function, line, instruction
        else:
            self.call_chain.append((function, line, instruction))

    def __str__(self):
        text = self.message
        if self.function is not None:
            text += f"\n  at line {self.line} in {self.function}: {self.instruction}"
        for function, line, instruction in self.call_chain:
            text += f"\n  called from line {line} in {function}: {instruction}"
        return text


class InvalidAddress(PtxRuntimeError):
    """An access outside every allocation of its state space (or of a freed frame)."""


class UninitialisedRead(PtxRuntimeError):
    """A read of memory that was allocated but never written."""

    def __init__(self, message, space, address, size, unwritten):
        super().__init__(message)
        self.space, self.address, self.size, self.unwritten = space, address, size, unwritten


class UndefinedRegisterRead(PtxRuntimeError):
    """An instruction read a register (or the carry flag) that no instruction had written."""


class DivisionByZero(PtxRuntimeError):
    """div or rem by zero (the hardware result is undefined)."""


class Trap(PtxRuntimeError):
    """The trap or brkpt instruction, or a call of __assertfail."""


class InstructionLimit(PtxRuntimeError):
    """More instructions ran than the max_instructions of Module.run allowed."""


class _ThreadExit(Exception):
    """The exit instruction: ends the thread from any call depth."""


# ----------------------------------------------------------------------------------------------------------------
# Memory

UNALLOCATED, ALLOCATED, WRITTEN = 0, 1, 2
_WRITTEN = [bytes([WRITTEN]) * n for n in range(257)]  # for the loads and stores of instructions


def _written(n):
    """n state bytes WRITTEN."""
    return _WRITTEN[n] if n < len(_WRITTEN) else bytes([WRITTEN]) * n

GENERIC_TAG_SHIFT = 60
LOW_ADDRESS_MASK = (1 << GENERIC_TAG_SHIFT) - 1
TAG_GLOBAL, TAG_LOCAL, TAG_SHARED, TAG_CONST, TAG_PARAM = 0x0, 0xA, 0xB, 0xC, 0xD
GENERIC_LOCAL = TAG_LOCAL << GENERIC_TAG_SHIFT
GENERIC_SHARED = TAG_SHARED << GENERIC_TAG_SHIFT
GENERIC_CONST = TAG_CONST << GENERIC_TAG_SHIFT
GENERIC_PARAM = TAG_PARAM << GENERIC_TAG_SHIFT
# The first address of each window (so that small garbage addresses and null fault).
LOCAL_WINDOW_BASE = 0x10000
SHARED_WINDOW_BASE = 0x1000
CONST_WINDOW_BASE = 0x1000
PARAM_WINDOW_BASE = 0x1000
GLOBAL_FIRST_ALLOCATION = 0x1_0000_0000
MODULE_GLOBALS_BASE = 0x1000_0000  # each Module's .global variables: MODULE_GLOBALS_BASE + k * MODULE_GLOBALS_STRIDE
MODULE_GLOBALS_STRIDE = 0x100_0000

M64 = (1 << 64) - 1
LAZY = "lazy"  # the unwritten="lazy" policy: reads of never-written memory give undefined values (None)


def _align_up(value, align):
    return (value + align - 1) // align * align


class LinearSpace:
    """Addresses [base, base + size) of one state space: their bytes and a state byte each (UNALLOCATED,
    ALLOCATED, WRITTEN). fill is None to raise on reads of unwritten bytes, or the byte to return for them."""

    def __init__(self, name, base, size, state=ALLOCATED):
        self.name = name
        self.base = base
        self.size = size
        self.data = bytearray(size)
        self.state = bytearray([state]) * size if state else bytearray(size)
        self.fill = None  # None: raise on reading unwritten bytes; LAZY; or a byte value
        self.counter = [0]  # reads of unwritten bytes that did not raise (shared by the spaces of a run)

    def __repr__(self):
        return f"<{self.name} [{self.base:#x}, {self.base + self.size:#x})>"

    def load(self, addr, n):
        """The n bytes at addr as an unsigned little-endian integer (None: never written, fill LAZY)."""
        o = addr - self.base
        if o < 0 or o + n > self.size:
            raise self._outside(addr, n)
        if self.state[o:o + n] != _written(n):
            if self.fill is LAZY:
                self._unwritten_checks(addr, o, n)
                return None
            return int.from_bytes(self._read_unwritten(addr, o, n), "little")
        return int.from_bytes(self.data[o:o + n], "little")

    def store(self, addr, n, value):
        """Writes value (an unsigned integer below 2**(8n)) as n little-endian bytes at addr; with fill LAZY,
        None (an undefined value) makes the bytes unwritten again."""
        o = addr - self.base
        if o < 0 or o + n > self.size or self.state.find(UNALLOCATED, o, o + n) >= 0:
            raise self._outside(addr, n)
        if value is None and self.fill is LAZY:
            self.state[o:o + n] = bytes([ALLOCATED]) * n
            return
        self.data[o:o + n] = value.to_bytes(n, "little")
        self.state[o:o + n] = _written(n)

    def load_t(self, addr, n, fmt):
        """The n bytes at addr unpacked by the struct.Struct fmt (a tuple); with fill LAZY, None for each element
        with a byte never written."""
        o = addr - self.base
        if 0 <= o and o + n <= self.size and self.state[o:o + n] == _written(n):
            return fmt.unpack_from(self.data, o)
        if self.fill is not LAZY:
            return fmt.unpack(self.read_bytes(addr, n))
        self._unwritten_checks(addr, o, n)
        values = list(fmt.unpack_from(self.data, o))
        size = n // len(values)
        written = _written(size)
        for i in range(len(values)):
            if self.state[o + i * size:o + (i + 1) * size] != written:
                values[i] = None
        return tuple(values)

    def store_t(self, addr, n, fmt, values):
        """Writes the tuple values packed by the struct.Struct fmt (n bytes) at addr; with fill LAZY, elements
        None (undefined values) leave their bytes unwritten."""
        if None in values and self.fill is LAZY:
            o = addr - self.base
            if o < 0 or o + n > self.size or self.state.find(UNALLOCATED, o, o + n) >= 0:
                raise self._outside(addr, n)
            size = n // len(values)
            fmt.pack_into(self.data, o, *(0 if v is None else v for v in values))
            for i, v in enumerate(values):
                self.state[o + i * size:o + (i + 1) * size] = (
                    bytes([ALLOCATED]) * size if v is None else _written(size))
            return
        self.write_bytes(addr, fmt.pack(*values))

    def read_bytes(self, addr, n, checked=True):
        """The n bytes at addr; checked: apply the unwritten-read rule (else return whatever is stored)."""
        o = addr - self.base
        if o < 0 or o + n > self.size:
            raise self._outside(addr, n)
        if checked and self.state[o:o + n] != _written(n):
            return self._read_unwritten(addr, o, n)
        return bytes(self.data[o:o + n])

    def write_bytes(self, addr, data):
        o = addr - self.base
        n = len(data)
        if o < 0 or o + n > self.size or self.state.find(UNALLOCATED, o, o + n) >= 0:
            raise self._outside(addr, n)
        self.state[o:o + n] = _written(n)
        self.data[o:o + n] = data

    def _unwritten_checks(self, addr, o, n):
        """For a read of bytes not all written: raises for unallocated ones, counts the read."""
        if o < 0 or o + n > self.size or self.state.find(UNALLOCATED, o, o + n) >= 0:
            raise self._outside(addr, n)
        self.counter[0] += 1

    def _read_unwritten(self, addr, o, n):
        states = self.state[o:o + n]
        if states.find(UNALLOCATED) >= 0:
            raise self._outside(addr, n)
        if self.fill is None or self.fill is LAZY:
            unwritten = [i for i in range(n) if states[i] != WRITTEN]
            raise UninitialisedRead(
                f"read of {n} bytes at {self.name} address {addr:#x} of which bytes {_ranges(unwritten)} were "
                f"never written", self.name, addr, n, unwritten)
        self.counter[0] += 1
        data = bytearray(self.data[o:o + n])
        for i in range(n):
            if states[i] != WRITTEN:
                data[i] = self.fill
        return bytes(data)

    def _outside(self, addr, n):
        return InvalidAddress(f"access of {n} bytes at {self.name} address {addr:#x}: not allocated")


def _ranges(indices):
    """'0-3, 8' for [0, 1, 2, 3, 8]."""
    out, start, prev = [], None, None
    for i in indices + [None]:
        if start is not None and (i is None or i != prev + 1):
            out.append(f"{start}" if start == prev else f"{start}-{prev}")
            start = None
        if i is not None and start is None:
            start = i
        prev = i
    return ", ".join(out)


class LocalStack(LinearSpace):
    """The local state space: one frame per active call, pushed on call, freed (made unallocated) on return, so
    that a pointer into a returned frame faults."""

    def __init__(self):
        super().__init__("local", LOCAL_WINDOW_BASE, 1 << 16, state=UNALLOCATED)
        self.top = LOCAL_WINDOW_BASE

    def reset(self):
        self.state[:] = bytes(self.size)
        self.top = self.base

    def push(self, size, align):
        """Allocates a frame of size bytes; returns its address."""
        start = _align_up(self.top, max(align, 16))
        end = start + max(size, 0)
        if end - self.base > self.size:
            grow = max(end - self.base, 2 * self.size) - self.size
            self.data.extend(bytes(grow))
            self.state.extend(bytes(grow))
            self.size += grow
        o = start - self.base
        self.state[o:o + size] = bytes([ALLOCATED]) * size
        self.top = end
        return start

    def pop(self, start, previous_top):
        """Frees the frame at start, whose push found the top at previous_top."""
        o = start - self.base
        self.state[o:self.top - self.base] = bytes(self.top - start)
        self.top = previous_top

    def copy(self, src, dst, n):
        """Copies n bytes and their states (a call's arguments and return value)."""
        so, do = src - self.base, dst - self.base
        if so < 0 or do < 0 or so + n > self.size or do + n > self.size:
            raise self._outside(min(src, dst), n)
        self.data[do:do + n] = self.data[so:so + n]
        self.state[do:do + n] = self.state[so:so + n]

    def snapshot(self):
        return (self.top, bytes(self.data[:self.top - self.base]), bytes(self.state[:self.top - self.base]))

    def restore(self, snap):
        top, data, state = snap
        self.reset()
        n = len(data)
        if n > self.size:
            self.data.extend(bytes(n - self.size))
            self.state.extend(bytes(n - self.size))
            self.size = n
        self.data[:n] = data
        self.state[:n] = state
        self.top = top


class GlobalMemory:
    """The global state space: the caller's allocations and the .global variables of the modules run on it.

    alloc(nbytes) -> address (allocated, unwritten); write(addr, bytes); read(addr, n) (raises on unwritten bytes
    unless unchecked=True); is_written(addr, n)."""

    def __init__(self):
        self._bases = []
        self._blocks = []
        self._next = GLOBAL_FIRST_ALLOCATION
        self._last = None
        self._modules = set()
        self.fill = None
        self.counter = [0]

    def alloc(self, nbytes, align=256):
        """Allocates nbytes (unwritten); returns the address. A gap of unallocated bytes separates allocations."""
        addr = _align_up(self._next, max(align, 1))
        self._add_block(LinearSpace("global", addr, nbytes))
        self._next = addr + nbytes + 256
        return addr

    def _add_block(self, block):
        i = bisect.bisect_left(self._bases, block.base)
        if (i < len(self._blocks) and self._blocks[i].base < block.base + block.size) or (
                i > 0 and self._blocks[i - 1].base + self._blocks[i - 1].size > block.base):
            raise PtxError(f"global allocation at {block.base:#x} overlaps another")
        self._bases.insert(i, block.base)
        self._blocks.insert(i, block)
        block.fill = self.fill
        block.counter = self.counter
        self._last = block

    def _block(self, addr, n):
        b = self._last
        if b is not None and b.base <= addr and addr + n <= b.base + b.size:
            return b
        i = bisect.bisect_right(self._bases, addr) - 1
        if i >= 0:
            b = self._blocks[i]
            if addr + n <= b.base + b.size:
                self._last = b
                return b
        raise InvalidAddress(f"access of {n} bytes at global address {addr:#x}: not allocated")

    def load(self, addr, n):
        return self._block(addr, n).load(addr, n)

    def store(self, addr, n, value):
        self._block(addr, n).store(addr, n, value)

    def load_t(self, addr, n, fmt):
        return self._block(addr, n).load_t(addr, n, fmt)

    def store_t(self, addr, n, fmt, values):
        self._block(addr, n).store_t(addr, n, fmt, values)

    def write(self, addr, data):
        self._block(addr, len(data)).write_bytes(addr, bytes(data))

    def read(self, addr, n, unchecked=False):
        return self._block(addr, n).read_bytes(addr, n, checked=not unchecked)

    def is_written(self, addr, n):
        b = self._block(addr, n)
        o = addr - b.base
        return b.state[o:o + n] == _written(n)

    def set_fill(self, fill, counter=None):
        self.fill = fill
        self.counter = counter if counter is not None else [0]
        for b in self._blocks:
            b.fill = fill
            b.counter = self.counter

    def snapshot(self):
        return [(b.base, bytes(b.data), bytes(b.state)) for b in self._blocks]

    def restore(self, snap):
        for (base, data, state), b in zip(snap, self._blocks):
            if b.base != base or b.size != len(data):
                raise PtxError("the global memory's allocations differ from the snapshot's")
            b.data[:] = data
            b.state[:] = state


class _GenericSpace:
    """Generic addresses: the tag in the top four bits picks the state space."""

    def __init__(self, machine):
        self.machine = machine

    def resolve(self, addr, n):
        tag = addr >> GENERIC_TAG_SHIFT
        m = self.machine
        if tag == TAG_GLOBAL:
            return m.gm._block(addr, n), addr
        if tag == TAG_LOCAL:
            return m.local, addr & LOW_ADDRESS_MASK
        if tag == TAG_SHARED:
            return m.shared, addr & LOW_ADDRESS_MASK
        if tag == TAG_CONST:
            return m.const, addr & LOW_ADDRESS_MASK
        if tag == TAG_PARAM:
            return m.param, addr & LOW_ADDRESS_MASK
        raise InvalidAddress(f"generic address {addr:#x} is in no state space (tag {tag:#x})")

    def load(self, addr, n):
        if addr >> GENERIC_TAG_SHIFT == TAG_LOCAL:
            return self.machine.local.load(addr & LOW_ADDRESS_MASK, n)
        space, a = self.resolve(addr, n)
        return space.load(a, n)

    def load_t(self, addr, n, fmt):
        space, a = self.resolve(addr, n)
        return space.load_t(a, n, fmt)

    def store_t(self, addr, n, fmt, values):
        space, a = self.resolve(addr, n)
        if space is self.machine.const:
            raise InvalidAddress(f"store to const memory at generic address {addr:#x}")
        space.store_t(a, n, fmt, values)

    def store(self, addr, n, value):
        if addr >> GENERIC_TAG_SHIFT == TAG_LOCAL:
            return self.machine.local.store(addr & LOW_ADDRESS_MASK, n, value)
        space, a = self.resolve(addr, n)
        if space is self.machine.const:
            raise InvalidAddress(f"store to const memory at generic address {addr:#x}")
        space.store(a, n, value)


# ----------------------------------------------------------------------------------------------------------------
# Parsing: text to statements

_COMMENT_RE = re.compile(r'"(?:\\.|[^"\\\n])*"|//[^\n]*|/\*.*?\*/', re.S)
_DEBUG_LINE_RE = re.compile(r"^[ \t]*(?:\.loc|\.file|@@DWARF)\b[^\n]*", re.M)
_STRUCTURE_RE = re.compile(r'[;{}]|"(?:\\.|[^"\\\n])*"')
_LABEL_RE = re.compile(r"\s*([A-Za-z_$%][\w$]*)\s*:(?!:)")
_LABELS_RE = re.compile(r"^(?:\s*[A-Za-z_$%][\w$]*\s*:(?!:))*")
_BLOCK_HEADER_RE = re.compile(r"\.(?:entry|func|section)\b")


def _strip_comments(text):
    """Removes comments and debug-line directives, keeping every newline (so line numbers stay)."""

    def blank(m):
        s = m.group(0)
        if s.startswith('"'):
            return s
        return "\n" * s.count("\n")

    text = _COMMENT_RE.sub(blank, text)
    return _DEBUG_LINE_RE.sub("", text)


@dataclasses.dataclass
class _Item:
    kind: str  # 'stmt', 'label', 'open', 'close'
    text: str
    line: int


def _scan(text):
    """The statements of comment-free PTX text in order: 'stmt' (text without ';'), 'label', 'open' (text: what
    precedes '{', a function header or empty), 'close'. Initialisers '= { ... }' stay inside their statement."""
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_of(pos):
        return bisect.bisect_right(line_starts, pos)

    items = []
    start = 0
    pos = 0
    n = len(text)

    def emit_text(end, kind_if_any):
        nonlocal start
        chunk = text[start:end]
        offset = start
        while True:
            m = _LABEL_RE.match(chunk)
            if not m:
                break
            items.append(_Item("label", m.group(1), line_of(offset + m.start(1))))
            offset += m.end()
            chunk = chunk[m.end():]
        stripped = chunk.strip()
        if kind_if_any == "stmt" and stripped:
            lead = len(chunk) - len(chunk.lstrip())
            items.append(_Item("stmt", " ".join(stripped.split()), line_of(offset + lead)))
            return None
        return stripped, line_of(offset + len(chunk) - len(chunk.lstrip()))

    while pos < n:
        m = _STRUCTURE_RE.search(text, pos)
        if not m:
            break
        ch = m.group(0)
        if ch.startswith('"'):
            pos = m.end()
            continue
        if ch == ";":
            emit_text(m.start(), "stmt")
            start = pos = m.end()
        elif ch == "{":
            before = _LABELS_RE.sub("", text[start:m.start()]).strip()
            if before and not _BLOCK_HEADER_RE.search(before):
                # Braces inside a statement: a vector operand {%r1, %r2} or an initialiser = {1, 2}.
                depth, p = 0, m.start()
                while p < n:
                    c = text[p]
                    if c == "{":
                        depth += 1
                    elif c == "}":
                        depth -= 1
                        if depth == 0:
                            break
                    p += 1
                pos = p + 1
                continue
            header, line = emit_text(m.start(), "open")
            items.append(_Item("open", header, line))
            start = pos = m.end()
        else:  # '}'
            rest = emit_text(m.start(), "stmt")
            if rest is not None and rest[0]:
                raise PtxParseError(f"line {rest[1]}: statement without ';' before '}}': {rest[0]!r}")
            items.append(_Item("close", "", line_of(m.start())))
            start = pos = m.end()
    tail = text[start:].strip()
    if tail:
        raise PtxParseError(f"unterminated statement at the end: {tail[:80]!r}")
    return items


def _split_top(text, sep=","):
    """Splits at sep outside (), [] and {}."""
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    last = "".join(cur).strip()
    if last or parts:
        parts.append(last)
    return parts


_INT_RE = re.compile(r"^(-)?(0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)[uU]?$")
_FLOAT_BITS_RE = re.compile(r"^0([fFdD])([0-9a-fA-F]+)$")


def _parse_int(tok):
    """The value of an integer literal (or a float literal's bits, 0f.../0d...), or None."""
    m = _INT_RE.match(tok)
    if m:
        body = m.group(2)
        if body[:2] in ("0x", "0X"):
            v = int(body[2:], 16)
        elif body[:2] in ("0b", "0B"):
            v = int(body[2:], 2)
        elif body.startswith("0") and len(body) > 1:
            v = int(body[1:], 8)
        else:
            v = int(body)
        return -v if m.group(1) else v
    m = _FLOAT_BITS_RE.match(tok)
    if m:
        return int(m.group(2), 16)
    return None


# Types: name -> (bits, kind) with kind 'b', 'u', 's', 'p' (predicate) or 'f' (floating point: not implemented)
TYPES = {
    "b8": (8, "b"), "u8": (8, "u"), "s8": (8, "s"),
    "b16": (16, "b"), "u16": (16, "u"), "s16": (16, "s"),
    "b32": (32, "b"), "u32": (32, "u"), "s32": (32, "s"),
    "b64": (64, "b"), "u64": (64, "u"), "s64": (64, "s"),
    "b128": (128, "b"), "pred": (1, "p"),
    "f16": (16, "f"), "f16x2": (32, "f"), "bf16": (16, "f"), "bf16x2": (32, "f"), "f32": (32, "f"),
    "f64": (64, "f"), "tf32": (32, "f"), "e4m3": (8, "f"), "e5m2": (8, "f"),
}


def _mask(bits):
    return (1 << bits) - 1


@dataclasses.dataclass
class Param:
    """A .param variable: of a function (its parameters and return value) or of a call site."""
    name: str
    size: int
    align: int
    type: str  # 'u64', 'b8' (of an array), ...
    offset: int = 0  # in the kernel's parameter window, or in the function's frame


@dataclasses.dataclass
class Variable:
    """A module-level variable (.global, .const, .shared)."""
    name: str
    space: str
    size: int
    align: int
    type: str
    init: list | None  # element values (ints, or ('addr', generic, symbol, offset))
    element_size: int
    address: int = 0  # in its space's window
    line: int = 0


_DECL_RE = re.compile(r"^(?P<attrs>(?:\.(?:visible|extern|weak|common)\s+)*)"
                      r"\.(?P<space>global|const|shared|local|param)(?P<rest>.*)$", re.S)


def _parse_declaration(text, line):
    """Parses '.space [.align N] [.ptr ...] [.vN] .type name[dims] [= init]' (several names allowed).
    Returns (attrs, space, [(name, size, align, type, element_size, init_text)])."""
    m = _DECL_RE.match(text)
    if not m:
        raise PtxParseError(f"line {line}: not a declaration: {text!r}")
    attrs = m.group("attrs").split()
    space = m.group("space")
    rest = m.group("rest").strip()
    if space == "const" and rest.startswith("["):  # bank
        rest = rest[rest.index("]") + 1:].strip()
    init_text = None
    if "=" in rest:
        rest, init_text = rest.split("=", 1)
        rest = rest.strip()
        init_text = init_text.strip()
    align = None
    vec = 1
    typ = None
    tokens = rest.split()
    names = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t == ".align":
            align = int(tokens[i + 1])
            i += 2
            continue
        if t.startswith(".ptr") or t in (".global", ".const", ".shared", ".local") and typ is None:
            i += 1
            continue
        if t in (".v2", ".v4", ".v8"):
            vec = int(t[2:])
            i += 1
            continue
        if t.startswith(".") and t[1:] in TYPES and typ is None:
            typ = t[1:]
            i += 1
            continue
        names.append(" ".join(tokens[i:]))
        break
    if typ is None or not names:
        raise PtxParseError(f"line {line}: cannot parse the declaration {text!r}")
    bits = TYPES[typ][0]
    element_size = max(bits // 8, 1) * vec
    out = []
    for decl in _split_top(names[0]):
        decl = decl.replace(" ", "")
        dm = re.match(r"^([A-Za-z_$%][\w$]*)((?:\[\d*\])*)$", decl)
        if not dm:
            raise PtxParseError(f"line {line}: cannot parse the declared name {decl!r}")
        count = 1
        dims = re.findall(r"\[(\d*)\]", dm.group(2))
        unsized = False
        for d in dims:
            if d == "":
                unsized = True
            else:
                count *= int(d)
        size = 0 if unsized else element_size * count
        out.append((dm.group(1), size, align or element_size, typ, element_size, init_text))
    return attrs, space, out


def _parse_initialiser(text, line):
    """The flat list of the elements of '{1, 2, {3, 4}}' or '5': ints or ('sym', generic?, name, offset)."""
    flat = text.replace("{", " ").replace("}", " ")
    values = []
    for tok in flat.split(","):
        tok = tok.strip()
        if not tok:
            continue
        v = _parse_int(tok)
        if v is not None:
            values.append(v)
            continue
        m = re.match(r"^(generic\()?\s*([A-Za-z_$][\w$]*)\s*\)?\s*(?:\+\s*(\d+))?$", tok)
        if m:
            values.append(("sym", bool(m.group(1)), m.group(2), int(m.group(3) or 0)))
            continue
        raise PtxParseError(f"line {line}: cannot parse the initialiser element {tok!r}")
    return values


_FUNC_HEADER_RE = re.compile(r"\.(entry|func)\b")
_MODULE_DIRECTIVE_RE = re.compile(r"^[ \t]*\.(version|target|address_size)\b([^\n]*)", re.M)


def _parse_params(text, line):
    """The .param declarations of a parameter list text (without parentheses)."""
    params = []
    for decl in _split_top(text):
        if not decl:
            continue
        if not decl.startswith(".param") and not decl.startswith(".reg"):
            raise PtxParseError(f"line {line}: cannot parse the parameter {decl!r}")
        if decl.startswith(".reg"):
            raise PtxUnsupported(f"line {line}: .reg parameters are not implemented: {decl!r}")
        _, _, items = _parse_declaration(decl, line)
        for name, size, align, typ, _, _ in items:
            params.append(Param(name, size, align, typ))
    return params


def _parse_function_header(text, line):
    """(kind, name, return params, params, attributes) of '.visible .func (.param ...) name (...) .noreturn'."""
    m = _FUNC_HEADER_RE.search(text)
    if not m:
        raise PtxParseError(f"line {line}: not a function header: {text[:80]!r}")
    kind = m.group(1)
    attrs = text[:m.start()].split()
    rest = text[m.end():].strip()
    rets = []
    if rest.startswith("("):
        depth, i = 0, 0
        for i, ch in enumerate(rest):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0:
                break
        rets = _parse_params(rest[1:i], line)
        rest = rest[i + 1:].strip()
    nm = re.match(r"([A-Za-z_$][\w$]*)\s*", rest)
    if not nm:
        raise PtxParseError(f"line {line}: no function name in {text[:80]!r}")
    name = nm.group(1)
    rest = rest[nm.end():]
    params = []
    if rest.startswith("("):
        depth, i = 0, 0
        for i, ch in enumerate(rest):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0:
                break
        params = _parse_params(rest[1:i], line)
        rest = rest[i + 1:]
    attrs += rest.split()
    return kind, name, rets, params, attrs


# ----------------------------------------------------------------------------------------------------------------
# Functions and decoding

@dataclasses.dataclass
class Instruction:
    """One decoded instruction."""
    line: int
    text: str
    code: list  # Python statements (unguarded)
    kind: str = "op"  # 'op', 'bra', 'ret', 'exit'
    target: str | None = None
    guard: tuple | None = None  # (register index, negated)
    reads_cf: bool = False
    writes_cf: bool = False
    reads: tuple = ()  # register indices read (for diagnostics)
    writes: tuple = ()  # register indices written
    category: str = "data"  # 'data' (registers only), 'load', 'store', 'call', 'control', 'other'
    address_regs: tuple = ()  # registers of the [address] operand
    store: tuple | None = None  # a store's (space object name, address expression, bytes)


class Function:
    """A .func or .entry: its header, and once decoded its instructions and compiled blocks."""

    def __init__(self, kind, name, rets, params, attrs, line, body):
        self.kind = kind
        self.name = name
        self.rets = rets
        self.params = params
        self.attrs = attrs
        self.line = line
        self.body = body  # list of _Item, or None for a declaration without body
        self.decoded = False
        self.instructions = []
        self.frame_size = 0
        self.frame_align = 16
        self.register_names = []  # index -> name
        self.register_bits = []  # index -> width
        self.register_count = 0
        self.never_written = []  # registers read by some instruction and written by none (LLVM's undef)
        self.template = None
        self.template_fill = None
        self.blocks = None
        self.block_counts = None
        self.block_starts = None
        self.step_blocks = None
        self.line_map = None

    def __repr__(self):
        return f"<Function {self.kind} {self.name}>"


_RANGE_NAME_RE = re.compile(r"^(.*?)(\d+)$")
_SPECIAL_REGISTERS = {}
for _i, _n in enumerate(["tid.x", "tid.y", "tid.z", "ntid.x", "ntid.y", "ntid.z", "ctaid.x", "ctaid.y", "ctaid.z",
                         "nctaid.x", "nctaid.y", "nctaid.z", "laneid", "warpid", "nwarpid", "smid", "nsmid", "gridid",
                         "lanemask_eq", "lanemask_le", "lanemask_lt", "lanemask_ge", "lanemask_gt",
                         "clusterid.x", "clusterid.y", "clusterid.z", "nclusterid.x", "nclusterid.y",
                         "nclusterid.z", "cluster_ctaid.x", "cluster_ctaid.y", "cluster_ctaid.z",
                         "cluster_nctaid.x", "cluster_nctaid.y", "cluster_nctaid.z", "cluster_ctarank",
                         "cluster_nctarank", "is_explicit_cluster", "dynamic_smem_size", "total_smem_size",
                         "tid", "ntid", "ctaid", "nctaid"]):
    _SPECIAL_REGISTERS["%" + _n] = _i

# Modifiers of ld/st/atom that do not change a single thread's result.
_IGNORED_MEMORY_MODIFIERS = {
    "weak", "volatile", "relaxed", "acquire", "release", "acq_rel", "mmio", "cta", "cluster", "gpu", "sys", "ca",
    "cg", "cs", "lu", "cv", "wb", "wt", "nc", "L1::evict_normal", "L1::evict_unchanged", "L1::evict_first",
    "L1::evict_last", "L1::no_allocate", "L2::evict_first", "L2::evict_last", "L2::evict_normal", "L2::64B",
    "L2::128B", "L2::256B", "L2::cache_hint", "unified", "noftz",
}
_SPACES = {"global": "global", "local": "local", "shared": "shared", "shared::cta": "shared", "const": "const",
           "param": "param", "param::entry": "param", "param::func": "param"}
_SPACE_OBJECT = {"global": "GM", "local": "LS", "shared": "SH", "const": "CS", "param": "PS", "generic": "GEN"}
_NOOP_OPCODES = {"bar", "barrier", "membar", "fence", "nanosleep", "prefetch", "prefetchu", "pmevent", "discard",
                 "griddepcontrol", "setmaxnreg", "applypriority"}


class _CallSite:
    """A call instruction: the callee, the caller's .param variables passed ((offset, size) in the caller's
    frame), the one receiving the return value, and where the call is."""
    __slots__ = ("callee", "args", "ret", "caller", "line", "text", "plan")

    def __init__(self, callee, args, ret, caller, line, text):
        self.callee, self.args, self.ret, self.caller, self.line, self.text = callee, args, ret, caller, line, text
        self.plan = None


class _Scope:
    def __init__(self, parent):
        self.parent = parent
        self.names = {}  # name -> ('reg', index, bits, kind) | ('param', offset, size) | ('local', offset, size)
        self.ranges = {}  # prefix -> (count, base index, bits, kind)


class _Unsupported(Exception):
    """Raised inside the decoder for an instruction it does not implement; turned into code that raises
    PtxUnsupported when executed."""


class _FunctionDecoder:
    """Decodes a function's body into Instructions, its registers into indices and its .local and .param
    variables into a frame layout."""

    # Frame register slots: R[0] is the carry flag, R[1] the frame's address in local memory; registers follow.

    def __init__(self, module, fn):
        self.module = module
        self.fn = fn
        self.scope = _Scope(None)
        self.next_index = 2
        self.register_names = ["CC.CF", "frame"]
        self.register_bits = [1, 64]
        self.written = set()
        self.frame_size = 0
        self.frame_align = 16
        self.labels = {}
        self.instructions = []
        self.current_line = 0
        self.current_text = ""
        self.reads = []
        self.calls = []

    # -- declarations

    def frame_alloc(self, size, align):
        off = _align_up(self.frame_size, align)
        self.frame_size = off + size
        self.frame_align = max(self.frame_align, align)
        return off

    def declare_registers(self, text, line):
        m = re.match(r"^\.reg\s+(?:\.(v2|v4)\s+)?\.(\w+)\s+(.*)$", text, re.S)
        if not m:
            raise PtxParseError(f"line {line}: cannot parse {text!r}")
        if m.group(1):
            raise PtxUnsupported(f"line {line}: vector registers are not implemented: {text!r}")
        typ = m.group(2)
        if typ not in TYPES:
            raise PtxUnsupported(f"line {line}: register type .{typ} is not implemented: {text!r}")
        bits, kind = TYPES[typ]
        for decl in _split_top(m.group(3)):
            decl = decl.replace(" ", "")
            rm = re.match(r"^(.+)<(\d+)>$", decl)
            if rm:
                count = int(rm.group(2))
                self.scope.ranges[rm.group(1)] = (count, self.next_index, bits, kind)
                self.register_names.extend(f"{rm.group(1)}{k}" for k in range(count))
                self.register_bits.extend([bits] * count)
                self.next_index += count
            else:
                self.scope.names[decl] = ("reg", self.next_index, bits, kind)
                self.register_names.append(decl)
                self.register_bits.append(bits)
                self.next_index += 1

    def declare_variables(self, text, line):
        attrs, space, items = _parse_declaration(text, line)
        for name, size, align, typ, _, init in items:
            if init is not None:
                raise PtxUnsupported(f"line {line}: initialised {space} variables in a function: {text!r}")
            if space in ("local", "param"):
                off = self.frame_alloc(size, align)
                self.scope.names[name] = (space, off, size)
            else:
                raise PtxUnsupported(f"line {line}: .{space} variables inside a function: {text!r}")

    def lookup(self, name):
        s = self.scope
        m = None
        while s is not None:
            v = s.names.get(name)
            if v is not None:
                return v
            if s.ranges:
                if m is None:
                    m = _RANGE_NAME_RE.match(name) or False
                if m:
                    r = s.ranges.get(m.group(1))
                    if r is not None and int(m.group(2)) < r[0] and not (len(m.group(2)) > 1 and m.group(2)[0] == "0"):
                        v = ("reg", r[1] + int(m.group(2)), r[2], r[3])
                        s.names[name] = v
                        return v
            s = s.parent
        return None

    # -- the body

    def decode(self):
        fn = self.fn
        if fn.kind == "func":
            for p in fn.rets + fn.params:
                p.offset = self.frame_alloc(p.size, p.align)
                self.scope.names[p.name] = ("param", p.offset, p.size)
        else:
            for p in fn.params:
                self.scope.names[p.name] = ("kparam", PARAM_WINDOW_BASE + p.offset, p.size)
        pending_labels = []
        for item in fn.body:
            if item.kind == "open":
                if item.text:
                    raise PtxParseError(f"line {item.line}: unexpected '{item.text} {{' in a function body")
                self.scope = _Scope(self.scope)
            elif item.kind == "close":
                if self.scope.parent is None:
                    raise PtxParseError(f"line {item.line}: unbalanced '}}'")
                self.scope = self.scope.parent
            elif item.kind == "label":
                pending_labels.append(item.text)
                self.labels[item.text] = len(self.instructions)
            else:
                text = item.text
                if text.startswith(".reg"):
                    self.declare_registers(text, item.line)
                elif text.startswith((".local", ".param", ".shared", ".global", ".const")):
                    self.declare_variables(text, item.line)
                elif text.startswith((".pragma", ".loc", ".file", ".section", ".maxnreg", ".maxntid", ".reqntid",
                                      ".minnctapersm", ".noreturn")):
                    pass
                elif text.startswith("."):
                    raise PtxUnsupported(f"line {item.line}: directive not implemented: {text!r}")
                else:
                    self.instructions.append(self.decode_instruction(text, item.line))
        fn.instructions = self.instructions
        fn.labels = self.labels
        fn.frame_size = self.frame_size
        fn.frame_align = self.frame_align
        fn.register_count = self.next_index
        fn.register_names = self.register_names
        fn.register_bits = self.register_bits
        fn.call_sites = self.calls
        read = set()
        for x in self.instructions:
            read.update(x.reads)
        fn.never_written = sorted(read - self.written - {0, 1})

    def decode_instruction(self, text, line):
        self.current_line, self.current_text = line, text
        self.reads = []
        guard = None
        m = re.match(r"^@(!?)(\S+)\s+", text)
        body = text
        if m:
            g = self.lookup(m.group(2))
            if g is None or g[0] != "reg" or g[3] != "p":
                raise PtxParseError(f"line {line}: guard {m.group(2)} is not a predicate register: {text!r}")
            guard = (g[1], bool(m.group(1)))
            body = text[m.end():]
        opcode, _, rest = body.partition(" ")
        operands = _split_top(rest.strip()) if rest.strip() else []
        ins = Instruction(line, text, [])
        ins.guard = guard
        self.writes = []
        self.address_regs = []
        try:
            self.emit(ins, opcode, operands)
        except _Unsupported as e:
            msg = f"line {line}: {e}: {text}"
            self.module.unsupported.append(msg)
            ins.code = [f"UNSUPPORTED({len(self.module.unsupported_messages)})"]
            self.module.unsupported_messages.append(msg)
            ins.kind = "op"
            ins.category = "other"
        ins.writes = tuple(self.writes)
        ins.address_regs = tuple(self.address_regs)
        ins.reads = tuple(sorted(set(self.reads)))
        if guard:
            ins.reads = tuple(sorted(set(ins.reads) | {guard[0]}))
        return ins

    # -- operands

    def unsupported(self, what):
        raise _Unsupported(what)

    def operand(self, tok):
        """('reg', index, bits, kind) | ('imm', value) | ('sreg', expression, bits) | ('sym', kind, value) |
        ('vec', [operands]) | ('addr', expression, kind-of-base) | ('neg', operand) | ('sink',)."""
        tok = tok.strip()
        if tok.startswith("{"):
            return ("vec", [self.operand(t) for t in _split_top(tok[1:-1])])
        if tok.startswith("["):
            return self.address(tok[1:-1].strip())
        if tok.startswith("!"):
            return ("neg", self.operand(tok[1:]))
        if tok == "_":
            return ("sink",)
        v = self.lookup(tok)
        if v is not None:
            if v[0] == "reg":
                return v
            return ("sym", v[0], v)
        if tok in _SPECIAL_REGISTERS:
            idx = _SPECIAL_REGISTERS[tok]
            if tok in ("%tid", "%ntid", "%ctaid", "%nctaid"):
                self.unsupported(f"the vector special register {tok}")
            return ("sreg", f"SR[{idx}]", 32)
        if tok in ("%clock", "%clock_hi"):
            return ("sreg", "CLOCK()", 32)
        if tok in ("%clock64", "%globaltimer"):
            return ("sreg", "CLOCK64()", 64)
        if tok in ("%globaltimer_lo", "%globaltimer_hi"):
            return ("sreg", "CLOCK()", 32)
        iv = _parse_int(tok)
        if iv is not None:
            return ("imm", iv)
        var = self.module.variables.get(tok)
        if var is not None:
            return ("sym", var.space, var)
        if tok in self.module.functions:
            return ("sym", "function", tok)
        if re.match(r"^[A-Za-z_$][\w$]*$", tok):
            return ("label", tok)
        if tok.startswith("%"):
            raise PtxParseError(f"line {self.current_line}: unknown register {tok}: {self.current_text}")
        self.unsupported(f"operand {tok!r} not understood")

    def address(self, inner):
        """An address operand's expression: ('addr', python expression, base kind) where base kind is 'reg',
        'imm', 'local' (a frame variable), 'param' (a frame .param), 'kparam' (a kernel parameter) or a module
        variable's space."""
        m = re.match(r"^([^+\-]+?)\s*(?:([+-])\s*(-?\s*\w+))?$", inner)
        if not m:
            self.unsupported(f"address [{inner}] not understood")
        base, sign, off = m.group(1).strip(), m.group(2), m.group(3)
        offset = 0
        if off is not None:
            o = _parse_int(off.replace(" ", ""))
            if o is None:
                self.unsupported(f"address offset {off!r} not understood")
            offset = -o if sign == "-" else o
        b = self.operand(base)
        if b[0] == "reg":
            self.reads.append(b[1])
            self.address_regs.append(b[1])
            return ("addr", f"R[{b[1]}]" + (f" + {offset}" if offset > 0 else f" - {-offset}" if offset else ""),
                    "reg", b)
        if b[0] == "imm":
            return ("addr", str(b[1] + offset), "imm", b)
        if b[0] == "sym":
            kind, info = b[1], b[2]
            if kind in ("local", "param"):
                return ("addr", f"R[1] + {info[1] + offset}", kind, info)
            if kind == "kparam":
                return ("addr", str(info[1] + offset), "kparam", info)
            if kind in ("global", "const", "shared"):
                return ("addr", str(info.address + offset), kind, info)
        self.unsupported(f"address [{inner}] not understood")

    def val(self, op, bits):
        """Expression of an operand's value as an unsigned integer of bits bits."""
        k = op[0]
        m = _mask(bits)
        if k == "reg":
            self.reads.append(op[1])
            if op[3] == "p":
                return f"R[{op[1]}]"
            if op[2] > bits:
                return f"(R[{op[1]}] & {m:#x})"
            return f"R[{op[1]}]"
        if k == "imm":
            return str(op[1] & m)
        if k == "sreg":
            return op[1] if op[2] <= bits else f"({op[1]} & {m:#x})"
        if k == "sym":
            return self.symbol_address(op, bits)
        if k == "neg":
            return f"({self.val(op[1], bits)} ^ 1)"
        self.unsupported(f"operand kind {k} as a value")

    def sval(self, op, bits):
        """Expression of an operand's value as a signed integer of bits bits."""
        if op[0] == "imm":
            v = op[1] & _mask(bits)
            return str(v - (1 << bits) if v >> (bits - 1) else v)
        s = 1 << (bits - 1)
        return f"(({self.val(op, bits)} ^ {s:#x}) - {s:#x})"

    def symbol_address(self, op, bits):
        kind, info = op[1], op[2]
        if kind == "local":
            return f"(R[1] + {info[1]})"
        if kind == "kparam":
            return str(info[1])
        if kind in ("global", "const", "shared"):
            return str(info.address)
        if kind == "param":
            self.unsupported("the address of a function's .param variable")
        self.unsupported(f"the address of {kind} symbol")

    def reg(self, op, what="destination"):
        if op[0] != "reg":
            self.unsupported(f"{what} that is not a register")
        return op

    def assign(self, op, expr, bits, signed=False):
        """Statement writing expr (an unsigned value of bits bits) to register op, extended or truncated to the
        register's width as PTX does for a register wider or narrower than the instruction type."""
        if op[0] == "sink":
            return "pass"
        op = self.reg(op)
        idx, rbits, rkind = op[1], op[2], op[3]
        self.written.add(idx)
        self.writes.append(idx)
        if rkind == "p":
            return f"R[{idx}] = {expr}"
        if rbits == bits:
            return f"R[{idx}] = {expr}"
        if rbits < bits:
            return f"R[{idx}] = ({expr}) & {_mask(rbits):#x}"
        if signed:
            s = 1 << (bits - 1)
            return f"R[{idx}] = ((({expr}) ^ {s:#x}) - {s:#x}) & {_mask(rbits):#x}"
        return f"R[{idx}] = {expr}"

    # -- instructions

    def emit(self, ins, opcode, ops):
        parts = opcode.split(".")
        base = parts[0]
        mods = parts[1:]
        handler = getattr(self, "op_" + base, None)
        if base in _NOOP_OPCODES:
            ins.code = ["pass"]
            return
        if handler is None:
            self.unsupported(f"instruction {opcode} not implemented")
        handler(ins, mods, ops)

    def types_of(self, mods, count=1, allowed="busp"):
        """Removes and returns the last count type modifiers (bits, kind, name); refuses floating point."""
        found = []
        for mod in reversed(mods):
            if mod in TYPES:
                found.append(mod)
                if len(found) == count:
                    break
        if len(found) != count:
            self.unsupported("missing type")
        for t in found:
            mods.remove(t)
            if TYPES[t][1] not in allowed:
                self.unsupported(f"type .{t} not implemented")
        found.reverse()
        return [(TYPES[t][0], TYPES[t][1], t) for t in found]

    def simple_form(self, mods, ops, kinds, count):
        """An instruction of one type and no other modifiers: its width and kind (types_of) and its count
        operands."""
        (w, k, _), = self.types_of(mods, 1, kinds)
        self.no_more(mods)
        self.nops(ops, count)
        return w, k, tuple(self.operand(o) for o in ops)

    def no_more(self, mods):
        if mods:
            self.unsupported("modifier " + " ".join("." + m for m in mods) + " not implemented")

    def nops(self, ops, *counts):
        if len(ops) not in counts:
            self.unsupported(f"{len(ops)} operands")

    def op_add(self, ins, mods, ops, sub=False):
        cc = "cc" in mods
        if cc:
            mods.remove("cc")
        sat = "sat" in mods
        if sat:
            mods.remove("sat")
        w, k, (d, a, b) = self.simple_form(mods, ops, "bus", 3)
        m = _mask(w)
        op = "-" if sub else "+"
        if sat:
            if k != "s" or cc:
                self.unsupported(".sat other than on .s32 add/sub")
            lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
            ins.code = [self.assign(d, f"min(max({self.sval(a, w)} {op} {self.sval(b, w)}, {lo}), {hi}) & {m:#x}", w)]
            return
        expr = f"{self.val(a, w)} {op} {self.val(b, w)}"
        if cc:
            ins.writes_cf = True
            carry = f"t >> {w} & 1" if sub else f"t >> {w}"
            ins.code = [f"t = {expr}", self.assign(d, f"t & {m:#x}", w), f"cf = {carry}"]
        else:
            ins.code = [self.assign(d, f"({expr}) & {m:#x}", w)]

    def op_sub(self, ins, mods, ops):
        self.op_add(ins, mods, ops, sub=True)

    def op_addc(self, ins, mods, ops, sub=False):
        cc = "cc" in mods
        if cc:
            mods.remove("cc")
        w, k, (d, a, b) = self.simple_form(mods, ops, "bus", 3)
        m = _mask(w)
        ins.reads_cf = True
        expr = f"{self.val(a, w)} - {self.val(b, w)} - cf" if sub else f"{self.val(a, w)} + {self.val(b, w)} + cf"
        if cc:
            ins.writes_cf = True
            carry = f"t >> {w} & 1" if sub else f"t >> {w}"
            ins.code = [f"t = {expr}", self.assign(d, f"t & {m:#x}", w), f"cf = {carry}"]
        else:
            ins.code = [self.assign(d, f"({expr}) & {m:#x}", w)]

    def op_subc(self, ins, mods, ops):
        self.op_addc(ins, mods, ops, sub=True)

    def _product_mode(self, mods):
        for mode in ("lo", "hi", "wide"):
            if mode in mods:
                mods.remove(mode)
                return mode
        self.unsupported("mul/mad without .lo, .hi or .wide")

    def op_mul(self, ins, mods, ops):
        mode = self._product_mode(mods)
        w, k, (d, a, b) = self.simple_form(mods, ops, "bus", 3)
        m = _mask(w)
        if k == "s":
            prod = f"{self.sval(a, w)} * {self.sval(b, w)}"
        else:
            prod = f"{self.val(a, w)} * {self.val(b, w)}"
        if mode == "lo":
            ins.code = [self.assign(d, f"({prod}) & {m:#x}", w)]
        elif mode == "hi":
            ins.code = [self.assign(d, f"(({prod}) >> {w}) & {m:#x}", w)]
        else:
            if w > 32:
                self.unsupported("mul.wide on 64-bit operands")
            ins.code = [self.assign(d, f"({prod}) & {_mask(2 * w):#x}", 2 * w, k == "s")]

    def op_mad(self, ins, mods, ops, carry_in=False):
        cc = "cc" in mods
        if cc:
            mods.remove("cc")
        mode = self._product_mode(mods)
        sat = "sat" in mods
        if sat:
            self.unsupported("mad.sat")
        w, k, (d, a, b, c) = self.simple_form(mods, ops, "bus", 4)
        m = _mask(w)
        if k == "s":
            prod = f"{self.sval(a, w)} * {self.sval(b, w)}"
        else:
            prod = f"{self.val(a, w)} * {self.val(b, w)}"
        cin = " + cf" if carry_in else ""
        ins.reads_cf = carry_in
        if mode == "wide":
            if cc or carry_in:
                self.unsupported("mad.wide with a carry")
            if w > 32:
                self.unsupported("mad.wide on 64-bit operands")
            cw = 2 * w
            cexpr = self.sval(c, cw) if k == "s" else self.val(c, cw)
            ins.code = [self.assign(d, f"({prod} + {cexpr}) & {_mask(cw):#x}", cw, k == "s")]
            return
        part = f"(({prod}) & {m:#x})" if mode == "lo" else f"((({prod}) >> {w}) & {m:#x})"
        expr = f"{part} + {self.val(c, w)}{cin}"
        if cc:
            ins.writes_cf = True
            ins.code = [f"t = {expr}", self.assign(d, f"t & {m:#x}", w), f"cf = t >> {w}"]
        else:
            ins.code = [self.assign(d, f"({expr}) & {m:#x}", w)]

    def op_madc(self, ins, mods, ops):
        self.op_mad(ins, mods, ops, carry_in=True)

    def op_mul24(self, ins, mods, ops, mad=False):
        mode = self._product_mode(mods)
        (w, k, _), = self.types_of(mods, 1, "us")
        self.no_more(mods)
        if w != 32 or mode == "wide":
            self.unsupported("mul24/mad24 other than .lo/.hi .u32/.s32")
        self.nops(ops, 4 if mad else 3)
        d, a, b = (self.operand(o) for o in ops[:3])
        if k == "s":
            x = f"((({self.val(a, 32)} & 0xffffff) ^ 0x800000) - 0x800000)"
            y = f"((({self.val(b, 32)} & 0xffffff) ^ 0x800000) - 0x800000)"
        else:
            x = f"({self.val(a, 32)} & 0xffffff)"
            y = f"({self.val(b, 32)} & 0xffffff)"
        prod = f"({x} * {y})" if mode == "lo" else f"(({x} * {y}) >> 16)"
        add = f" + {self.val(self.operand(ops[3]), 32)}" if mad else ""
        ins.code = [self.assign(d, f"({prod}{add}) & 0xffffffff", 32)]

    def op_mad24(self, ins, mods, ops):
        self.op_mul24(ins, mods, ops, mad=True)

    def op_sad(self, ins, mods, ops):
        w, k, (d, a, b, c) = self.simple_form(mods, ops, "us", 4)
        x, y = (self.sval(a, w), self.sval(b, w)) if k == "s" else (self.val(a, w), self.val(b, w))
        ins.code = [self.assign(d, f"(abs({x} - {y}) + {self.val(c, w)}) & {_mask(w):#x}", w)]

    def op_div(self, ins, mods, ops, rem=False):
        w, k, (d, a, b) = self.simple_form(mods, ops, "us", 3)
        if k == "s":
            fn = "SREM" if rem else "SDIV"
            ins.code = [self.assign(d, f"{fn}({self.sval(a, w)}, {self.sval(b, w)}) & {_mask(w):#x}", w)]
        else:
            op = "%" if rem else "//"
            ins.code = [self.assign(d, f"{self.val(a, w)} {op} NONZERO({self.val(b, w)})", w)]

    def op_rem(self, ins, mods, ops):
        self.op_div(ins, mods, ops, rem=True)

    def op_abs(self, ins, mods, ops):
        w, k, (d, a) = self.simple_form(mods, ops, "s", 2)
        ins.code = [self.assign(d, f"abs({self.sval(a, w)}) & {_mask(w):#x}", w)]

    def op_neg(self, ins, mods, ops):
        w, k, (d, a) = self.simple_form(mods, ops, "s", 2)
        ins.code = [self.assign(d, f"-{self.val(a, w)} & {_mask(w):#x}", w)]

    def op_min(self, ins, mods, ops, fn="min"):
        if "relu" in mods:
            self.unsupported(f"{fn}.relu")
        w, k, (d, a, b) = self.simple_form(mods, ops, "bus", 3)
        if k == "s":
            ins.code = [self.assign(d, f"{fn}({self.sval(a, w)}, {self.sval(b, w)}) & {_mask(w):#x}", w)]
        else:
            ins.code = [self.assign(d, f"{fn}({self.val(a, w)}, {self.val(b, w)})", w)]

    def op_max(self, ins, mods, ops):
        self.op_min(ins, mods, ops, fn="max")

    def op_and(self, ins, mods, ops, op="&"):
        w, k, (d, a, b) = self.simple_form(mods, ops, "bp", 3)
        if k == "p":
            ins.code = [self.assign(d, f"bool({self.val(a, 1)} {op} {self.val(b, 1)})", 1)]
        else:
            ins.code = [self.assign(d, f"{self.val(a, w)} {op} {self.val(b, w)}", w)]

    def op_or(self, ins, mods, ops):
        self.op_and(ins, mods, ops, "|")

    def op_xor(self, ins, mods, ops):
        self.op_and(ins, mods, ops, "^")

    def op_not(self, ins, mods, ops):
        w, k, (d, a) = self.simple_form(mods, ops, "bp", 2)
        if k == "p":
            ins.code = [self.assign(d, f"{self.val(a, 1)} ^ True", 1)]
        else:
            ins.code = [self.assign(d, f"{self.val(a, w)} ^ {_mask(w):#x}", w)]

    def op_cnot(self, ins, mods, ops):
        w, k, (d, a) = self.simple_form(mods, ops, "b", 2)
        ins.code = [self.assign(d, f"1 if ({self.val(a, w)} | 0) == 0 else 0", w)]

    def op_lop3(self, ins, mods, ops):
        w, k, (d, a, b, c, lut) = self.simple_form(mods, ops, "b", 5)
        if lut[0] != "imm":
            self.unsupported("lop3 with a non-constant table")
        m = _mask(w)
        x, y, z = self.val(a, w), self.val(b, w), self.val(c, w)
        terms = []
        for idx in range(8):
            if lut[1] >> idx & 1:
                fa = x if idx & 4 else f"({x} ^ {m:#x})"
                fb = y if idx & 2 else f"({y} ^ {m:#x})"
                fc = z if idx & 1 else f"({z} ^ {m:#x})"
                terms.append(f"({fa} & {fb} & {fc})")
        ins.code = [self.assign(d, " | ".join(terms) if terms else "0", w)]

    def op_popc(self, ins, mods, ops):
        w, k, (d, a) = self.simple_form(mods, ops, "b", 2)
        ins.code = [self.assign(d, f"{self.val(a, w)}.bit_count()", 32)]

    def op_clz(self, ins, mods, ops):
        w, k, (d, a) = self.simple_form(mods, ops, "b", 2)
        ins.code = [self.assign(d, f"{w} - {self.val(a, w)}.bit_length()", 32)]

    def op_brev(self, ins, mods, ops):
        w, k, (d, a) = self.simple_form(mods, ops, "b", 2)
        ins.code = [self.assign(d, f"BREV({self.val(a, w)}, {w})", w)]

    def op_bfind(self, ins, mods, ops):
        shiftamt = "shiftamt" in mods
        if shiftamt:
            mods.remove("shiftamt")
        w, k, (d, a) = self.simple_form(mods, ops, "us", 2)
        x = self.sval(a, w) if k == "s" else self.val(a, w)
        ins.code = [self.assign(d, f"BFIND({x}, {w}, {shiftamt})", 32)]

    def op_bfe(self, ins, mods, ops):
        w, k, (d, a, b, c) = self.simple_form(mods, ops, "us", 4)
        ins.code = [self.assign(d, f"BFE({self.val(a, w)}, {self.val(b, 32)}, {self.val(c, 32)}, {w}, {k == 's'})", w)]

    def op_bfi(self, ins, mods, ops):
        w, k, (f, a, b, c, d) = self.simple_form(mods, ops, "b", 5)
        ins.code = [self.assign(f, f"BFI({self.val(a, w)}, {self.val(b, w)}, {self.val(c, 32)}, "
                                   f"{self.val(d, 32)}, {w})", w)]

    def op_prmt(self, ins, mods, ops):
        (w, k, _), = self.types_of(mods, 1, "b")
        mode = None
        for mm in ("f4e", "b4e", "rc8", "ecl", "ecr", "rc16"):
            if mm in mods:
                mode = mm
                mods.remove(mm)
        self.no_more(mods)
        if w != 32:
            self.unsupported("prmt other than .b32")
        self.nops(ops, 4)
        d, a, b, c = (self.operand(o) for o in ops)
        ins.code = [self.assign(d, f"PRMT({self.val(a, 32)}, {self.val(b, 32)}, {self.val(c, 32)}, {mode!r})", 32)]

    def _shift_amount(self, op):
        return self.val(op, 32)

    def op_shl(self, ins, mods, ops):
        w, k, (d, a, b) = self.simple_form(mods, ops, "b", 3)
        m = _mask(w)
        if b[0] == "imm":
            n = b[1] & 0xffffffff
            ins.code = [self.assign(d, f"({self.val(a, w)} << {n}) & {m:#x}" if n < w else "0", w)]
        else:
            ins.code = [f"n = {self._shift_amount(b)}",
                        self.assign(d, f"({self.val(a, w)} << n) & {m:#x} if n < {w} else 0", w)]

    def op_shr(self, ins, mods, ops):
        w, k, (d, a, b) = self.simple_form(mods, ops, "bus", 3)
        n = str(b[1] & 0xffffffff) if b[0] == "imm" else self._shift_amount(b)
        if k == "s":
            ins.code = [self.assign(d, f"({self.sval(a, w)} >> {n}) & {_mask(w):#x}", w)]
        else:
            ins.code = [self.assign(d, f"{self.val(a, w)} >> {n}", w)]

    def op_shf(self, ins, mods, ops):
        direction = "l" if "l" in mods else "r" if "r" in mods else None
        mode = "wrap" if "wrap" in mods else "clamp" if "clamp" in mods else None
        if direction is None or mode is None:
            self.unsupported("shf without .l/.r and .wrap/.clamp")
        mods.remove(direction)
        mods.remove(mode)
        (w, k, _), = self.types_of(mods, 1, "bu")
        self.no_more(mods)
        if w != 32:
            self.unsupported("shf other than 32 bits")
        self.nops(ops, 4)
        d, a, b, c = (self.operand(o) for o in ops)
        n = f"{self.val(c, 32)} & 31" if mode == "wrap" else f"min({self.val(c, 32)}, 32)"
        pair = f"({self.val(b, 32)} << 32 | {self.val(a, 32)})"
        if direction == "l":
            ins.code = [f"n = {n}", self.assign(d, f"({pair} << n >> 32) & 0xffffffff", 32)]
        else:
            ins.code = [f"n = {n}", self.assign(d, f"({pair} >> n) & 0xffffffff", 32)]

    _COMPARE = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">=", "lo": "<", "ls": "<=",
                "hi": ">", "hs": ">="}

    def comparison(self, cmp, w, k, a, b):
        if cmp in ("eq", "ne"):
            # (a ^ b) == 0 rather than a == b: an undefined register (None) then raises instead of comparing.
            if a[0] == "imm" and b[0] == "imm":
                return str((a[1] & _mask(w)) == (b[1] & _mask(w)) if cmp == "eq" else
                           (a[1] & _mask(w)) != (b[1] & _mask(w)))
            return f"({self.val(a, w)} ^ {self.val(b, w)}) {'==' if cmp == 'eq' else '!='} 0"
        op = self._COMPARE.get(cmp)
        if op is None:
            self.unsupported(f"comparison .{cmp} not implemented")
        if k == "s" and cmp in ("lt", "le", "gt", "ge"):
            s = 1 << (w - 1)
            x = f"({self.val(a, w)} ^ {s:#x})" if a[0] != "imm" else str((a[1] & _mask(w)) ^ s)
            y = f"({self.val(b, w)} ^ {s:#x})" if b[0] != "imm" else str((b[1] & _mask(w)) ^ s)
            return f"{x} {op} {y}"
        return f"{self.val(a, w)} {op} {self.val(b, w)}"

    def op_setp(self, ins, mods, ops):
        if not mods:
            self.unsupported("setp without comparison")
        cmp = mods.pop(0)
        boolop = None
        for bo in ("and", "or", "xor"):
            if bo in mods:
                boolop = bo
                mods.remove(bo)
        if "ftz" in mods:
            self.unsupported("setp.ftz")
        (w, k, _), = self.types_of(mods, 1, "bus")
        self.no_more(mods)
        self.nops(ops, 3, 4)
        if (len(ops) == 4) != (boolop is not None):
            self.unsupported("setp with a boolean operation and its operand not paired")
        dests = [self.operand(x) for x in ops[0].split("|")]
        a, b = self.operand(ops[1]), self.operand(ops[2])
        cond = self.comparison(cmp, w, k, a, b)
        code = [f"t = {cond}"]
        if boolop is None:
            code.append(self.assign(dests[0], "t", 1))
            if len(dests) > 1:
                code.append(self.assign(dests[1], "not t", 1))
        else:
            c = self.operand(ops[3])
            cv = self.pred_value(c)
            pyop = {"and": "&", "or": "|", "xor": "^"}[boolop]
            code.append(f"u = {cv}")
            code.append(self.assign(dests[0], f"t {pyop} u", 1))
            if len(dests) > 1:
                code.append(self.assign(dests[1], f"(t ^ True) {pyop} u", 1))
        ins.code = code

    def pred_value(self, op):
        """A predicate operand (register, negated register or 0/1) as a bool expression."""
        if op[0] == "neg":
            inner = op[1]
            if inner[0] != "reg" or inner[3] != "p":
                self.unsupported("negation of a non-predicate")
            self.reads.append(inner[1])
            return f"(R[{inner[1]}] ^ True)"
        if op[0] == "reg" and op[3] == "p":
            self.reads.append(op[1])
            return f"(R[{op[1]}] ^ False)"
        if op[0] == "imm":
            return "True" if op[1] else "False"
        self.unsupported("predicate operand that is not a predicate register")

    def pred_test(self, op):
        """A condition that raises for an undefined predicate (None > 0 is a TypeError)."""
        if op[0] == "neg":
            inner = op[1]
            self.reads.append(inner[1])
            return f"R[{inner[1]}] < 1"
        if op[0] == "reg" and op[3] == "p":
            self.reads.append(op[1])
            return f"R[{op[1]}] > 0"
        if op[0] == "imm":
            return "True" if op[1] else "False"
        self.unsupported("a condition that is not a predicate")

    def op_selp(self, ins, mods, ops):
        w, k, (d, a, b, c) = self.simple_form(mods, ops, "bus", 4)
        ins.code = [self.assign(d, f"{self.val(a, w)} if {self.pred_test(c)} else {self.val(b, w)}", w)]

    def op_slct(self, ins, mods, ops):
        types = self.types_of(mods, 2, "bus")
        self.no_more(mods)
        (w, k, _), (cw, ck, cn) = types
        if cn != "s32":
            self.unsupported("slct with a floating-point selector")
        self.nops(ops, 4)
        d, a, b, c = (self.operand(o) for o in ops)
        ins.code = [self.assign(d, f"{self.val(a, w)} if {self.val(c, 32)} < 0x80000000 else {self.val(b, w)}", w)]

    def op_mov(self, ins, mods, ops):
        w, k, (d, a) = self.simple_form(mods, ops, "busp", 2)
        if d[0] == "vec":  # unpack
            n = len(d[1])
            ew = w // n
            em = _mask(ew)
            code = [f"t = {self.val(a, w)}"]
            for i, e in enumerate(d[1]):
                if e[0] != "sink":
                    code.append(self.assign(e, f"t >> {i * ew} & {em:#x}" if i else f"t & {em:#x}", ew))
            ins.code = code
            return
        if a[0] == "vec":  # pack
            n = len(a[1])
            ew = w // n
            terms = [self.val(e, ew) if i == 0 else f"{self.val(e, ew)} << {i * ew}" for i, e in enumerate(a[1])]
            ins.code = [self.assign(d, " | ".join(terms), w)]
            return
        if k == "p":
            ins.code = [self.assign(d, self.pred_value(a), 1)]
            return
        if a[0] == "sym" and a[1] == "function":
            self.unsupported("the address of a function (indirect calls are not implemented)")
        ins.code = [self.assign(d, self.val(a, w), w)]

    def op_cvt(self, ins, mods, ops):
        sat = "sat" in mods
        if sat:
            mods.remove("sat")
        for rnd in ("rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi", "rna", "rs", "ftz", "relu", "satfinite"):
            if rnd in mods:
                self.unsupported(f"cvt.{rnd} (floating point)")
        types = self.types_of(mods, 2, "bus")
        self.no_more(mods)
        (dw, dk, _), (aw, ak, _) = types
        self.nops(ops, 2)
        d, a = (self.operand(o) for o in ops)
        x = self.sval(a, aw) if ak == "s" else self.val(a, aw)
        if sat:
            lo, hi = (-(1 << (dw - 1)), (1 << (dw - 1)) - 1) if dk == "s" else (0, _mask(dw))
            expr = f"min(max({x}, {lo}), {hi}) & {_mask(dw):#x}"
        elif ak == "s" or dw < aw:
            expr = f"{x} & {_mask(dw):#x}"
        else:
            expr = x
        ins.code = [self.assign(d, expr, dw, dk == "s")]

    def op_cvta(self, ins, mods, ops):
        to = "to" in mods
        if to:
            mods.remove("to")
        space = None
        for s in list(mods):
            if s in _SPACES:
                space = _SPACES[s]
                mods.remove(s)
        (w, k, _), = self.types_of(mods, 1, "bu")
        self.no_more(mods)
        self.nops(ops, 2)
        if space is None:
            self.unsupported("cvta without a state space")
        d, a = (self.operand(o) for o in ops)
        if a[0] == "sym" and a[1] in ("local", "global", "const", "shared", "kparam"):
            x = self.symbol_address(a, w)
        else:
            x = self.val(a, w)
        tag = {"global": 0, "local": GENERIC_LOCAL, "shared": GENERIC_SHARED, "const": GENERIC_CONST,
               "param": GENERIC_PARAM}[space]
        if tag == 0:
            expr = x
        elif to:
            expr = f"({x} - {tag:#x}) & {_mask(w):#x}"
        else:
            expr = f"({x} + {tag:#x}) & {_mask(w):#x}"
        ins.code = [self.assign(d, expr, w)]

    def op_isspacep(self, ins, mods, ops):
        space = None
        for s in list(mods):
            if s in _SPACES:
                space = _SPACES[s]
                mods.remove(s)
        self.no_more(mods)
        self.nops(ops, 2)
        p, a = (self.operand(o) for o in ops)
        tag = {"global": TAG_GLOBAL, "local": TAG_LOCAL, "shared": TAG_SHARED, "const": TAG_CONST,
               "param": TAG_PARAM}[space]
        ins.code = [self.assign(p, f"({self.val(a, 64)} >> {GENERIC_TAG_SHIFT}) == {tag}", 1)]

    def memory_op(self, mods, ops, what):
        """Common decoding of ld/st: (space, vector count, element bits, element kind, address expression)."""
        space = "generic"
        vec = 1
        for mm in list(mods):
            if mm in _SPACES:
                space = _SPACES[mm]
                mods.remove(mm)
            elif mm in ("v2", "v4", "v8"):
                vec = int(mm[1:])
                mods.remove(mm)
            elif mm in _IGNORED_MEMORY_MODIFIERS:
                mods.remove(mm)
        (w, k, _), = self.types_of(mods, 1, "bus")
        self.no_more(mods)
        return space, vec, w, k

    def space_object(self, space, addr):
        if space == "param":
            if addr[2] in ("param", "local"):
                return "LS"
            return "PS"
        return _SPACE_OBJECT[space]

    # Loads and stores move tuples of elements through struct formats ('<4I': four u32). Local memory (ld.local,
    # the frame's .param variables) and generic addresses that turn out local take an inline path when every
    # byte is written (ld) or already written (st): LD and LST are the local stack's bytes and states; every other
    # case goes through the space object's load_t / store_t, which check, fill or raise.
    _STRUCT_CODES = {8: "B", 16: "H", 32: "I", 64: "Q"}

    def memory_struct(self, count, bits):
        code = self._STRUCT_CODES.get(bits)
        if code is None:
            return None
        return self.module._struct_name("<" + (str(count) if count > 1 else "") + code)

    def load_tuple(self, obj, addr, nbytes, sname):
        """Code setting t to the tuple of elements loaded from addr."""
        if obj == "LS":
            return [f"o = {addr} - {LOCAL_WINDOW_BASE}",
                    f"t = U{sname}(LD, o) if 0 <= o and LST[o:o + {nbytes}] == W{nbytes} else "
                    f"LS.load_t(o + {LOCAL_WINDOW_BASE}, {nbytes}, {sname})"]
        if obj == "GEN":
            base = GENERIC_LOCAL + LOCAL_WINDOW_BASE
            return [f"o = {addr} - {base:#x}",
                    f"t = U{sname}(LD, o) if 0 <= o and LST[o:o + {nbytes}] == W{nbytes} else "
                    f"GEN.load_t(o + {base:#x}, {nbytes}, {sname})"]
        return [f"t = {obj}.load_t({addr}, {nbytes}, {sname})"]

    def store_tuple(self, obj, addr, nbytes, sname, values):
        vals = ", ".join(values)
        # NONE_FREE: no register can hold None (an undefined value of unwritten="lazy"): the store of one
        # leaves its bytes unwritten, which store_t does.
        if obj == "LS":
            return [f"o = {addr} - {LOCAL_WINDOW_BASE}",
                    f"P{sname}(LD, o, {vals}) if 0 <= o and LST[o:o + {nbytes}] == W{nbytes} and "
                    f"(NONE_FREE or None not in ({vals},)) else "
                    f"LS.store_t(o + {LOCAL_WINDOW_BASE}, {nbytes}, {sname}, ({vals},))"]
        if obj == "GEN":
            base = GENERIC_LOCAL + LOCAL_WINDOW_BASE
            return [f"o = {addr} - {base:#x}",
                    f"P{sname}(LD, o, {vals}) if 0 <= o and LST[o:o + {nbytes}] == W{nbytes} and "
                    f"(NONE_FREE or None not in ({vals},)) else "
                    f"GEN.store_t(o + {base:#x}, {nbytes}, {sname}, ({vals},))"]
        return [f"{obj}.store_t({addr}, {nbytes}, {sname}, ({vals},))"]

    def op_ld(self, ins, mods, ops):
        ins.category = "load"
        space, vec, w, k = self.memory_op(mods, ops, "ld")
        if len(ops) == 3:  # a cache policy operand
            ops = ops[:2]
        self.nops(ops, 2)
        d, addr = self.operand(ops[0]), self.operand(ops[1])
        if addr[0] != "addr":
            self.unsupported("ld without an [address]")
        nbytes = max(w // 8, 1)
        obj = self.space_object(space, addr)
        elems = d[1] if d[0] == "vec" else [d]
        if len(elems) != vec:
            self.unsupported("ld vector size mismatch")
        signed = k == "s"
        sname = self.memory_struct(vec, w)
        if sname is not None:
            code = self.load_tuple(obj, addr[1], nbytes * vec, sname)
            for i, e in enumerate(elems):
                if e[0] != "sink":
                    code.append(self.assign(e, f"t[{i}]", w, signed))
            ins.code = code
            return
        load = f"{obj}.load({addr[1]}, {nbytes * vec})"
        if vec == 1:
            ins.code = [self.assign(d, load, w, signed)]
            return
        code = [f"t = {load}"]
        m = _mask(w)
        for i, e in enumerate(elems):
            if e[0] == "sink":
                continue
            code.append(self.assign(e, f"t >> {i * w} & {m:#x}" if i else f"t & {m:#x}", w, signed))
        ins.code = code

    def op_ldu(self, ins, mods, ops):
        self.op_ld(ins, mods, ops)

    def op_st(self, ins, mods, ops):
        space, vec, w, k = self.memory_op(mods, ops, "st")
        if len(ops) == 3:
            ops = ops[:2]
        self.nops(ops, 2)
        addr, s = self.operand(ops[0]), self.operand(ops[1])
        if addr[0] != "addr":
            self.unsupported("st without an [address]")
        if space == "const":
            self.unsupported("st.const")
        nbytes = max(w // 8, 1)
        obj = self.space_object(space, addr)
        elems = s[1] if s[0] == "vec" else [s]
        if len(elems) != vec:
            self.unsupported("st vector size mismatch")
        ins.category = "store"
        ins.store = (obj, addr[1], nbytes * vec)
        sname = self.memory_struct(vec, w)
        if sname is not None:
            ins.code = self.store_tuple(obj, addr[1], nbytes * vec, sname, [self.val(e, w) for e in elems])
            return
        terms = [self.val(e, w) if i == 0 else f"{self.val(e, w)} << {i * w}" for i, e in enumerate(elems)]
        ins.code = [f"{obj}.store({addr[1]}, {nbytes * vec}, {' | '.join(terms)})"]

    def op_atom(self, ins, mods, ops, red=False):
        ins.category = "other"
        space = "generic"
        op = None
        for mm in list(mods):
            if mm in _SPACES:
                space = _SPACES[mm]
                mods.remove(mm)
            elif mm in ("and", "or", "xor", "cas", "exch", "add", "inc", "dec", "min", "max"):
                op = mm
                mods.remove(mm)
            elif mm in _IGNORED_MEMORY_MODIFIERS:
                mods.remove(mm)
        if op is None:
            self.unsupported("atom/red without an operation")
        (w, k, _), = self.types_of(mods, 1, "bus")
        self.no_more(mods)
        operands = [self.operand(o) for o in ops]
        if red:
            operands = [("sink",)] + operands
        need = 4 if op == "cas" else 3
        if len(operands) != need:
            self.unsupported(f"{len(ops)} operands")
        d, addr = operands[0], operands[1]
        if addr[0] != "addr":
            self.unsupported("atom without an [address]")
        b = self.val(operands[2], w)
        c = self.val(operands[3], w) if op == "cas" else "0"
        obj = self.space_object(space, addr)
        call = f"ATOM({obj}, {addr[1]}, {w // 8}, {op!r}, {k == 's'}, {b}, {c})"
        ins.code = [call] if d[0] == "sink" else [self.assign(d, call, w)]

    def op_red(self, ins, mods, ops):
        self.op_atom(ins, mods, ops, red=True)

    def op_bra(self, ins, mods, ops):
        if "uni" in mods:
            mods.remove("uni")
        self.no_more(mods)
        self.nops(ops, 1)
        ins.kind = "bra"
        ins.category = "control"
        ins.target = ops[0].strip()
        ins.code = []

    def op_ret(self, ins, mods, ops):
        if "uni" in mods:
            mods.remove("uni")
        self.no_more(mods)
        ins.kind = "ret"
        ins.category = "control"
        ins.code = []

    def op_exit(self, ins, mods, ops):
        self.no_more(mods)
        ins.kind = "exit"
        ins.category = "control"
        ins.code = ["EXIT()"]

    def op_trap(self, ins, mods, ops):
        ins.category = "control"
        ins.code = ["TRAP('trap')"]

    def op_brkpt(self, ins, mods, ops):
        ins.category = "control"
        ins.code = ["TRAP('brkpt')"]

    def op_call(self, ins, mods, ops):
        ins.category = "call"
        if "uni" in mods:
            mods.remove("uni")
        self.no_more(mods)
        ret = None
        items = list(ops)
        if items and items[0].startswith("("):
            ret = [x for x in _split_top(items.pop(0)[1:-1]) if x]
        if not items:
            self.unsupported("call without a target")
        target = items.pop(0)
        args = []
        if items and items[0].startswith("("):
            args = [x for x in _split_top(items.pop(0)[1:-1]) if x]
        if items:
            self.unsupported("indirect call (with a prototype or a target list)")
        if target.startswith("%") or self.lookup(target) is not None:
            self.unsupported("indirect call through a register")
        callee = self.module.functions.get(target)
        if callee is None:
            self.unsupported(f"call of the unknown function {target}")
        if callee.body is None:
            if target == "__assertfail":
                ins.code = ["TRAP('__assertfail (a device-side assert failed)')"]
                return
            self.unsupported(f"call of the external function {target}")

        def frame_param(name):
            v = self.lookup(name)
            if v is None or v[0] != "param":
                self.unsupported(f"call argument {name} is not a .param variable of the call site")
            return v

        arg_slots = []
        if len(args) != len(callee.params):
            self.unsupported(f"call of {target} with {len(args)} arguments, it has {len(callee.params)}")
        for name, p in zip(args, callee.params):
            v = frame_param(name)
            if v[2] != p.size:
                self.unsupported(f"argument {name} of {v[2]} bytes for the parameter {p.name} of {p.size} bytes")
            arg_slots.append((v[1], v[2]))
        ret_slot = None
        if ret:
            if len(ret) != 1 or len(callee.rets) != 1:
                self.unsupported("a call with other than one return value")
            v = frame_param(ret[0])
            if v[2] != callee.rets[0].size:
                self.unsupported(f"return value {ret[0]} of {v[2]} bytes for {callee.rets[0].size} bytes")
            ret_slot = (v[1], v[2])
        site = len(self.module.call_sites)
        self.module.call_sites.append(_CallSite(callee, tuple(arg_slots), ret_slot, self.fn, self.current_line,
                                                self.current_text))
        self.calls.append(site)
        ins.code = [f"CALL(R, {site})"]

    def op_activemask(self, ins, mods, ops):
        self.types_of(mods, 1, "b")
        self.no_more(mods)
        self.nops(ops, 1)
        d = self.operand(ops[0])
        ins.code = [self.assign(d, "SR[18]", 32)]  # %lanemask_eq: only this lane is active

    def op_vote(self, ins, mods, ops):
        if "sync" not in mods:
            self.unsupported("vote without .sync")
        mods.remove("sync")
        mode = None
        for mm in ("all", "any", "uni", "ballot"):
            if mm in mods:
                mode = mm
                mods.remove(mm)
        (w, k, _), = self.types_of(mods, 1, "bp")
        self.no_more(mods)
        self.nops(ops, 3)
        d, a = self.operand(ops[0]), self.operand(ops[1])
        self.val(self.operand(ops[2]), 32)
        pv = self.pred_value(a)
        if mode == "ballot":
            ins.code = [self.assign(d, f"SR[18] if {pv} else 0", 32)]
        elif mode == "uni":
            ins.code = [f"t = {pv}", self.assign(d, "True", 1)]
        else:
            ins.code = [self.assign(d, pv, 1)]

    def op_shfl(self, ins, mods, ops):
        if "sync" not in mods:
            self.unsupported("shfl without .sync")
        mods.remove("sync")
        mode = None
        for mm in ("up", "down", "bfly", "idx"):
            if mm in mods:
                mode = mm
                mods.remove(mm)
        (w, k, _), = self.types_of(mods, 1, "b")
        self.no_more(mods)
        self.nops(ops, 5)
        dests = [self.operand(x) for x in ops[0].split("|")]
        a, b, c = (self.operand(o) for o in ops[1:4])
        self.val(self.operand(ops[4]), 32)
        code = [f"v = {self.val(a, 32)}", f"t = SHFL_IN_RANGE({mode!r}, {self.val(b, 32)}, {self.val(c, 32)})",
                self.assign(dests[0], "v", 32)]
        if len(dests) > 1:
            code.append(self.assign(dests[1], "t", 1))
        ins.code = code

    def op_redux(self, ins, mods, ops):
        if "sync" not in mods:
            self.unsupported("redux without .sync")
        mods.remove("sync")
        for mm in ("add", "min", "max", "and", "or", "xor"):
            if mm in mods:
                mods.remove(mm)
        (w, k, _), = self.types_of(mods, 1, "bus")
        self.no_more(mods)
        self.nops(ops, 3)
        d, a = self.operand(ops[0]), self.operand(ops[1])
        self.val(self.operand(ops[2]), 32)
        ins.code = [self.assign(d, self.val(a, w), w)]


# ----------------------------------------------------------------------------------------------------------------
# Run-time helpers of the generated code

def _nonzero(x):
    if x == 0:
        raise DivisionByZero("division by zero")
    return x


def _sdiv(a, b):
    if b == 0:
        raise DivisionByZero("division by zero")
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def _srem(a, b):
    if b == 0:
        raise DivisionByZero("division by zero")
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def _brev(x, w):
    return int(format(x, f"0{w}b")[::-1], 2)


def _bfind(x, w, shiftamt):
    """bfind: the position of the most significant non-sign bit; 0xffffffff if none."""
    if x < 0:
        x = ~x
    pos = x.bit_length() - 1
    if pos < 0:
        return 0xffffffff
    return (w - 1 - pos) if shiftamt else pos


def _bfe(a, b, c, w, signed):
    """bfe as the PTX ISA defines it (pos = b & 0xff, len = c & 0xff)."""
    pos, length = b & 0xff, c & 0xff
    msb = w - 1
    if not signed or length == 0:
        sbit = 0
    else:
        sbit = (a >> min(pos + length - 1, msb)) & 1
    d = 0
    for i in range(w):
        bit = ((a >> (pos + i)) & 1) if (i < length and pos + i <= msb) else sbit
        d |= bit << i
    return d


def _bfi(a, b, c, d, w):
    """bfi: b with bits [pos, pos + len) replaced by the low bits of a (pos = c & 0xff, len = d & 0xff)."""
    pos, length = c & 0xff, d & 0xff
    f = b
    for i in range(length):
        if pos + i > w - 1:
            break
        f = (f & ~(1 << (pos + i))) | (((a >> i) & 1) << (pos + i))
    return f & _mask(w)


# prmt's modes other than the default: for the selector c & 3, the source byte of each result byte (byte 0 first),
# from the PTX ISA's table (which lists them byte 3 first).
_PRMT_MODES = {
    "f4e": [[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]],
    "b4e": [[0, 7, 6, 5], [1, 0, 7, 6], [2, 1, 0, 7], [3, 2, 1, 0]],
    "rc8": [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]],
    "ecl": [[0, 1, 2, 3], [1, 1, 2, 3], [2, 2, 2, 3], [3, 3, 3, 3]],
    "ecr": [[0, 0, 0, 0], [0, 1, 1, 1], [0, 1, 2, 2], [0, 1, 2, 3]],
    "rc16": [[0, 1, 0, 1], [2, 3, 2, 3], [0, 1, 0, 1], [2, 3, 2, 3]],
}


def _prmt(a, b, c, mode):
    """prmt.b32: bytes of {b, a} (a: bytes 0-3, b: bytes 4-7) picked by the selector c."""
    data = (b << 32 | a).to_bytes(8, "little")
    if mode is None:
        out = 0
        for i in range(4):
            sel = (c >> (4 * i)) & 0xf
            byte = data[sel & 7]
            if sel & 8:  # replicate the byte's sign
                byte = 0xff if byte & 0x80 else 0
            out |= byte << (8 * i)
        return out
    return int.from_bytes(bytes(data[i] for i in _PRMT_MODES[mode][c & 3]), "little")


def _atom(space, addr, n, op, signed, b, c):
    old = space.load(addr, n)
    w = 8 * n
    m = _mask(w)
    if op == "add":
        new = (old + b) & m
    elif op == "and":
        new = old & b
    elif op == "or":
        new = old | b
    elif op == "xor":
        new = old ^ b
    elif op == "exch":
        new = b
    elif op == "cas":
        new = c if old == b else old
    elif op == "inc":
        new = 0 if old >= b else old + 1
    elif op == "dec":
        new = b if old == 0 or old > b else old - 1
    elif op in ("min", "max"):
        s = 1 << (w - 1)
        key = (lambda x: (x ^ s)) if signed else (lambda x: x)
        new = (min if op == "min" else max)(old, b, key=key)
    else:
        raise PtxError(f"atom.{op}")
    space.store(addr, n, new)
    return old


# ----------------------------------------------------------------------------------------------------------------
# The module

@dataclasses.dataclass
class RunStats:
    """What one run executed: instructions (issued, guarded-off ones included), calls, seconds (wall clock),
    unwritten_reads (loads that read never-written bytes and did not raise: filled, or undefined with 'lazy'),
    undefined_results (with 'lazy': instructions that computed from an undefined value)."""
    instructions: int
    calls: int
    seconds: float
    unwritten_reads: int = 0
    undefined_results: int = 0  # unwritten="lazy": instructions whose result became undefined


    @property
    def rate(self):
        return self.instructions / self.seconds if self.seconds > 0 else float("inf")


class CallEvent:
    """A call, as a tracer sees it (see the module's documentation)."""

    def __init__(self, machine, function, caller, depth, line, args):
        self._machine = machine
        self.function = function
        self.caller = caller
        self.depth = depth
        self.line = line
        self.args = args
        self.retval = None
        self.instructions = 0
        self.sequence = 0

    def read(self, address, n):
        """The n bytes at a generic address now (as stored: never-written bytes are not checked), e.g. what a
        pointer argument points to, at the call (on_call) or after it (on_return)."""
        space, a = self._machine._generic.resolve(address, n)
        return space.read_bytes(a, n, checked=False)

    def snapshot(self):
        """The local and global memory now (at the call: the caller's frames, the arguments): for
        Module.call(..., memory=snapshot)."""
        return MemorySnapshot(self._machine.local.snapshot(), self._machine.gm.snapshot())

    def __repr__(self):
        return f"<call #{self.sequence} {self.function} depth {self.depth} from line {self.line}>"


@dataclasses.dataclass
class MemorySnapshot:
    local: tuple
    global_: list


class CallRecorder:
    """A tracer that keeps every call's CallEvent (in the order the calls began) in .calls; functions: only
    those names (None: all); snapshots: keep a MemorySnapshot of each recorded call in event.memory."""

    def __init__(self, functions=None, snapshots=False):
        self.functions = set(functions) if functions else None
        self.snapshots = snapshots
        self.calls = []
        self._count = 0

    def on_call(self, event):
        event.sequence = self._count
        self._count += 1
        if self.functions is None or event.function in self.functions:
            if self.snapshots:
                event.memory = event.snapshot()
            self.calls.append(event)

    def on_return(self, event):
        pass


class Module:
    """A parsed PTX module (see the module's documentation)."""

    _instances = 0

    def __init__(self, text, name="<ptx>"):
        self.name = name
        self.version = None
        self.target = None
        self.address_size = 64
        self.functions = {}
        self.variables = {}
        self.unsupported = []
        self.unsupported_messages = []
        self.call_sites = []
        self.globals_base = MODULE_GLOBALS_BASE + Module._instances * MODULE_GLOBALS_STRIDE
        Module._instances += 1
        self._parse(text)
        self._layout_variables()
        self.local = LocalStack()
        self.shared = LinearSpace("shared", SHARED_WINDOW_BASE, 0)
        self.param = LinearSpace("param", PARAM_WINDOW_BASE, 0)
        self.gm = None
        self._generic = _GenericSpace(self)
        self._special = [0] * 64
        self._clock = 0
        self._namespace = self._make_namespace()
        self._instructions = 0
        self._calls = 0
        self._limit = None
        self._trace = None
        self._trace_call = None
        self._trace_return = None
        self._trace_instruction = None
        self._depth = 0
        self._register_fill = None
        self._unwritten_reads = [0]
        self._undefined_results = [0]
        self._lazy = False

    @classmethod
    def from_file(cls, path):
        with open(path, encoding="utf-8", errors="replace") as f:
            return cls(f.read(), name=str(path))

    # -- parsing

    def _parse(self, text):
        text = _strip_comments(text)

        # .version, .target and .address_size end at the end of their line (no ';').
        def module_directive(m):
            name, value = m.group(1), m.group(2).strip().rstrip(";").strip()
            if name == "version":
                self.version = value
            elif name == "target":
                self.target = value
            else:
                self.address_size = int(value)
            return ""

        text = _MODULE_DIRECTIVE_RE.sub(module_directive, text)
        if self.address_size != 64:
            raise PtxUnsupported(f".address_size {self.address_size} (only 64 is implemented)")
        items = _scan(text)
        i = 0
        n = len(items)
        while i < n:
            it = items[i]
            if it.kind == "stmt":
                t = it.text
                if _FUNC_HEADER_RE.search(t.split("(")[0]):
                    kind, name, rets, params, attrs = _parse_function_header(t, it.line)
                    if name not in self.functions:
                        self.functions[name] = Function(kind, name, rets, params, attrs, it.line, None)
                elif _DECL_RE.match(t):
                    self._declare_variable(t, it.line)
                elif t.startswith((".pragma", ".extern .func")):
                    pass
                else:
                    raise PtxParseError(f"line {it.line}: unexpected module-level statement {t[:80]!r}")
                i += 1
            elif it.kind == "open":
                header = it.text
                if header.startswith(".section"):
                    depth = 1
                    i += 1
                    while i < n and depth:
                        depth += items[i].kind == "open"
                        depth -= items[i].kind == "close"
                        i += 1
                    continue
                kind, name, rets, params, attrs = _parse_function_header(header, it.line)
                depth = 1
                body = []
                i += 1
                while i < n:
                    b = items[i]
                    if b.kind == "open":
                        depth += 1
                    elif b.kind == "close":
                        depth -= 1
                        if depth == 0:
                            break
                    body.append(b)
                    i += 1
                if depth:
                    raise PtxParseError(f"line {it.line}: the body of {name} is not closed")
                i += 1
                fn = Function(kind, name, rets, params, attrs, it.line, body)
                if kind == "entry":
                    off = 0
                    for p in params:
                        off = _align_up(off, p.align)
                        p.offset = off
                        off += p.size
                    fn.param_size = off
                self.functions[name] = fn
            elif it.kind == "label":
                raise PtxParseError(f"line {it.line}: label {it.text} outside a function")
            else:
                raise PtxParseError(f"line {it.line}: unbalanced '}}'")

    def _declare_variable(self, text, line):
        attrs, space, items = _parse_declaration(text, line)
        if space in ("local", "param"):
            raise PtxUnsupported(f"line {line}: module-level .{space} variables: {text[:80]!r}")
        for name, size, align, typ, element_size, init in items:
            values = _parse_initialiser(init, line) if init is not None else None
            self.variables[name] = Variable(name, space, size, align, typ, values, element_size, line=line)

    def _layout_variables(self):
        offsets = {"global": self.globals_base, "const": CONST_WINDOW_BASE, "shared": SHARED_WINDOW_BASE}
        # Unsized arrays (extern .shared) last: the dynamic shared memory follows them.
        for v in sorted(self.variables.values(), key=lambda v: v.size == 0):
            base = _align_up(offsets[v.space], max(v.align, 1))
            v.address = base
            offsets[v.space] = base + v.size
        self.shared_static_size = offsets["shared"] - SHARED_WINDOW_BASE
        self.globals_size = offsets["global"] - self.globals_base
        self.const = LinearSpace("const", CONST_WINDOW_BASE, offsets["const"] - CONST_WINDOW_BASE, state=WRITTEN)
        for v in self.variables.values():
            if v.space == "const":
                self.const.write_bytes(v.address, self._initial_bytes(v))

    def _initial_bytes(self, v):
        """A variable's initial bytes (zero where the initialiser stops: .global and .const start zeroed)."""
        data = bytearray(v.size)
        if v.init:
            bits = TYPES[v.type][0]
            step = max(bits // 8, 1)
            for i, x in enumerate(v.init):
                if isinstance(x, tuple):
                    _, generic, sym, off = x
                    target = self.variables.get(sym)
                    if target is None:
                        raise PtxUnsupported(f"line {v.line}: initialiser element {sym} (functions' addresses)")
                    addr = target.address + off
                    if generic:
                        addr |= {"global": 0, "const": GENERIC_CONST, "shared": GENERIC_SHARED}[target.space]
                    x = addr
                if (i + 1) * step > v.size:
                    raise PtxParseError(f"line {v.line}: initialiser of {v.name} longer than the variable")
                data[i * step:(i + 1) * step] = (x & _mask(8 * step)).to_bytes(step, "little")
        return bytes(data)

    # -- queries

    def entries(self):
        """The names of the module's .entry functions."""
        return [f.name for f in self.functions.values() if f.kind == "entry"]

    def entry_params(self, entry):
        """The parameter layout of an entry: [Param(name, size, align, type, offset)]."""
        return list(self._function(entry, "entry").params)

    def _function(self, name, kind=None):
        fn = self.functions.get(name)
        if fn is None:
            matches = [f for f in self.functions.values() if name in f.name and (kind is None or f.kind == kind)]
            if len(matches) == 1:
                fn = matches[0]
        if fn is None or (kind is not None and fn.kind != kind):
            raise PtxError(f"no {kind or 'function'} named {name} in {self.name}")
        if fn.body is None:
            raise PtxError(f"{name} is only declared in {self.name}")
        return fn

    def decode(self, name=None):
        """Decodes (and compiles) one function, or all; returns the list of unsupported instructions seen."""
        for fn in ([self._function(name)] if name else [f for f in self.functions.values() if f.body is not None]):
            self._ensure_compiled(fn)
        return list(self.unsupported)

    # -- compilation

    def _ensure_decoded(self, fn):
        if not fn.decoded:
            _FunctionDecoder(self, fn).decode()
            fn.decoded = True

    def _ensure_compiled(self, fn, step=False):
        self._ensure_decoded(fn)
        if step:
            if fn.step_blocks is None:
                fn.step_blocks, fn.step_counts, fn.step_map, fn.step_starts = self._compile(fn, step=True)
            return
        if fn.blocks is None:
            fn.blocks, fn.block_counts, fn.line_map, fn.block_starts = self._compile(fn, step=False)

    def _compile(self, fn, step):
        """Compiles the function's basic blocks (or, step: each instruction) into Python functions b<k>(R) that
        return the index of the next block (-1: return)."""
        ins = fn.instructions
        count = len(ins)
        leaders = {0}
        for label, idx in fn.labels.items():
            leaders.add(idx)
        for i, x in enumerate(ins):
            if x.kind in ("bra", "ret", "exit"):
                leaders.add(i + 1)
        if step:
            leaders = set(range(count + 1))
        starts = sorted(k for k in leaders if k < count)
        if not starts:
            starts = [0]
        block_of = {s: b for b, s in enumerate(starts)}
        block_of[count] = -1  # falling off the end returns

        def target_block(label, line):
            idx = fn.labels.get(label)
            if idx is None:
                raise PtxParseError(f"line {line}: branch to unknown label {label} in {fn.name}")
            return block_of[idx] if idx in block_of else -1

        src = []
        line_map = {}  # generated line -> instruction index
        counts = []
        for b, start in enumerate(starts):
            end = starts[b + 1] if b + 1 < len(starts) else count
            body = ins[start:end]
            src.append(f"def b{b}(R):")
            uses_cf = any(x.reads_cf or x.writes_cf for x in body)
            writes_cf = any(x.writes_cf for x in body)
            if uses_cf:  # the carry flag lives in a local variable inside a block
                src.append("    cf = R[0]")
            nxt = block_of.get(end, -1)
            ret = None
            for k, x in enumerate(body):
                idx = start + k
                last = k == len(body) - 1
                if x.kind == "bra":
                    tgt = target_block(x.target, x.line)
                    if x.guard:
                        cond = f"R[{x.guard[0]}] < 1" if x.guard[1] else f"R[{x.guard[0]}] > 0"
                        ret = (f"{tgt} if {cond} else {nxt}", idx)
                    else:
                        ret = (str(tgt), idx)
                    continue
                if x.kind == "ret":
                    if x.guard:
                        cond = f"R[{x.guard[0]}] < 1" if x.guard[1] else f"R[{x.guard[0]}] > 0"
                        ret = (f"-1 if {cond} else {nxt}", idx)
                    else:
                        ret = ("-1", idx)
                    continue
                indent = "    "
                if x.guard:
                    cond = f"R[{x.guard[0]}] < 1" if x.guard[1] else f"R[{x.guard[0]}] > 0"
                    line_map[len(src) + 1] = idx
                    src.append(f"    if {cond}:")
                    indent = "        "
                for stmt in x.code or ["pass"]:
                    line_map[len(src) + 1] = idx
                    src.append(indent + stmt)
            if writes_cf:
                src.append("    R[0] = cf")
            if ret is None:
                ret = (str(nxt), end - 1)
            line_map[len(src) + 1] = ret[1]
            src.append(f"    return {ret[0]}")
            counts.append(len(body))
        code = compile("\n".join(src) + "\n", f"<ptx {fn.name}>", "exec")
        ns = self._namespace
        exec(code, ns)
        blocks = [ns.pop(f"b{b}") for b in range(len(starts))]
        if not step:
            fn.block_index = {start: b for b, start in enumerate(starts)}
        return blocks, counts, line_map, starts

    def _make_namespace(self):
        module = self

        def unsupported(k):
            raise PtxUnsupported(module.unsupported_messages[k])

        def exit_thread():
            raise _ThreadExit()

        def trap(what):
            raise Trap(f"{what} executed")

        def clock():
            module._clock += 1
            return module._clock & 0xffffffff

        def clock64():
            module._clock += 1
            return module._clock

        def shfl_in_range(mode, b, c):
            lane = module._special[12]
            clamp, seg = c & 0x1f, (c >> 8) & 0x1f
            min_lane = lane & seg
            max_lane = min_lane | (clamp & ~seg & 0x1f)
            if mode == "up":
                j = lane - b
                return j >= max_lane
            if mode == "down":
                j = lane + b
            elif mode == "bfly":
                j = lane ^ b
            else:
                j = min_lane | (b & ~seg & 0x1f)
            return j <= max_lane

        return {
            "__builtins__": __builtins__, "UNSUPPORTED": unsupported, "EXIT": exit_thread, "TRAP": trap,
            "CALL": self._call, "SDIV": _sdiv, "SREM": _srem, "NONZERO": _nonzero, "BREV": _brev, "BFIND": _bfind,
            "BFE": _bfe, "BFI": _bfi, "PRMT": _prmt, "ATOM": _atom, "CLOCK": clock, "CLOCK64": clock64,
            "SHFL_IN_RANGE": shfl_in_range, "SR": self._special, "LS": self.local, "SH": self.shared,
            "CS": self.const, "PS": self.param, "GM": None, "GEN": self._generic, "LD": self.local.data,
            "LST": self.local.state, "NONE_FREE": True, **{f"W{n}": _WRITTEN[n] for n in (1, 2, 4, 8, 16, 32, 64)},
        }

    def _struct_name(self, fmt):
        """The namespace name of a struct.Struct of format fmt ('<4I' -> S_4I; U_4I its unpack_from, P_4I its
        pack_into), created on first use."""
        name = "S_" + fmt[1:]
        if name not in self._namespace:
            st = struct.Struct(fmt)
            self._namespace[name] = st
            self._namespace["U" + name] = st.unpack_from
            self._namespace["P" + name] = st.pack_into
        return name

    # -- execution

    def _execute(self, fn, R):
        """Runs fn in the frame R until it returns; returns the number of instructions it executed itself."""
        blocks = fn.blocks
        if blocks is None or self._trace_instruction is not None or self._limit is not None:
            return self._execute_checked(fn, R)
        counts = fn.block_counts
        b = 0
        n = 0
        try:
            while b >= 0:
                n += counts[b]
                b = blocks[b](R)
        except _ThreadExit:
            raise
        except Exception as e:
            if self._lazy and isinstance(e, (TypeError, AttributeError, struct.error)):
                return self._continue_lazily(fn, R, e, b, n)
            self._annotate(e, fn, b, False, R)
        finally:
            self._instructions += n
        return n

    def _continue_lazily(self, fn, R, e, b, n):
        """unwritten='lazy': an instruction of block b raised e reading an undefined value (None). A data
        instruction then writes None to its destinations (and the carry flag), a store with a defined address
        makes its bytes unwritten; anything else (a branch or guard, an address, a call) raises
        UndefinedRegisterRead. Execution then goes on one instruction at a time up to the next block leader,
        then block by block, recovering again as needed. Returns the instructions run (n: those of the
        blocks before, the failing block counted whole)."""
        self._ensure_compiled(fn, step=True)
        return n + self._lazy_loop(fn, R, e, b)

    def _lazy_recover(self, fn, R, e, idx, frame_locals):
        """Applies the undefined-value rule to the instruction idx that raised e; raises when it does not apply."""
        x = fn.instructions[idx]
        undefined = [r for r in x.reads if R[r] is None]
        if x.reads_cf and (frame_locals.get("cf", R[0]) if frame_locals else R[0]) is None:
            undefined.append(0)
        if not undefined:
            raise e  # not an undefined value: an error of the interpreter
        guard_undefined = x.guard is not None and R[x.guard[0]] is None
        address_undefined = any(R[r] is None for r in x.address_regs)
        if guard_undefined or address_undefined or x.category not in ("data", "load", "store"):
            err = self._undefined_register_error(e, fn, None, False, R, idx)
            err.message += (" (an undefined value " + ("decides a guard" if guard_undefined else "is an address"
                            if address_undefined else f"reaches a {x.category} instruction") + ")")
            raise err from e
        if x.category == "store":
            obj, expr, nbytes = x.store
            addr = eval(expr, self._namespace, {"R": R})
            self._mark_unwritten(obj, addr, nbytes)
        else:
            for r in x.writes:
                R[r] = None
            if x.writes_cf:
                R[0] = None
        self._undefined_results[0] += 1

    def _lazy_loop(self, fn, R, e, b):
        starts, counts = fn.block_starts, fn.block_counts
        steps, blocks = fn.step_blocks, fn.blocks
        leaders = fn.block_index
        n = 0
        in_block = True
        pos = b
        while True:
            if in_block:
                idx = self._failing_instruction(e, fn, pos, False)
                frame_locals = self._failing_locals(e, fn)
                if frame_locals is not None and "cf" in frame_locals:
                    R[0] = frame_locals["cf"]  # the block kept the carry flag in a local variable
                n -= starts[pos] + counts[pos] - idx - 1  # the block's count included what did not run
            else:
                idx = pos
                frame_locals = None
            self._lazy_recover(fn, R, e, idx, frame_locals)
            j = idx + 1 if idx + 1 < len(fn.instructions) else -1
            try:
                while True:
                    in_block = False
                    while j >= 0 and j not in leaders:
                        pos = j
                        n += 1
                        j = steps[j](R)
                    if j < 0:
                        return n
                    in_block = True
                    pos = leaders[j]
                    while pos >= 0:
                        n += counts[pos]
                        pos = blocks[pos](R)
                    return n
            except _ThreadExit:
                raise
            except Exception as e2:
                if not isinstance(e2, (TypeError, AttributeError, struct.error)):
                    self._annotate(e2, fn, pos, not in_block, R)
                e = e2
            finally:
                self._instructions += n
                n = 0

    def _failing_locals(self, e, fn):
        """The local variables of the generated block function of fn where e was raised (its carry flag)."""
        tb = e.__traceback__
        found = None
        name = f"<ptx {fn.name}>"
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == name:
                found = tb.tb_frame.f_locals
            tb = tb.tb_next
        return found

    def _mark_unwritten(self, obj, addr, n):
        """A store of an undefined value (unwritten='lazy'): the bytes become allocated but unwritten."""
        space = {"LS": self.local, "SH": self.shared, "PS": self.param, "CS": self.const}.get(obj)
        if obj == "GM":
            space = self.gm._block(addr, n)
        elif obj == "GEN":
            space, addr = self._generic.resolve(addr, n)
        o = addr - space.base
        if o < 0 or o + n > space.size or space.state.find(UNALLOCATED, o, o + n) >= 0:
            raise space._outside(addr, n)
        space.state[o:o + n] = bytes([ALLOCATED]) * n

    def _execute_checked(self, fn, R):
        """_execute with an instruction limit, or per-instruction tracing (each instruction its own block)."""
        step = self._trace_instruction is not None
        self._ensure_compiled(fn, step)
        if step:
            blocks, counts, starts = fn.step_blocks, fn.step_counts, fn.step_starts
        else:
            blocks, counts, starts = fn.blocks, fn.block_counts, fn.block_starts
        limit = self._limit
        on_instruction = self._trace_instruction
        instructions = fn.instructions
        index = {name: i for i, name in enumerate(fn.register_names)}

        def registers(name):
            return R[index[name]]

        b = 0
        n = 0
        while True:
            try:
                if step:
                    while b >= 0:
                        if limit is not None and self._instructions + n >= limit:
                            raise InstructionLimit(f"more than {limit} instructions")
                        x = instructions[starts[b]]
                        on_instruction(fn.name, x.line, x.text, registers)
                        n += 1
                        b = blocks[b](R)
                else:
                    while b >= 0:
                        n += counts[b]
                        if limit is not None and self._instructions + n > limit:
                            raise InstructionLimit(f"more than {limit} instructions")
                        b = blocks[b](R)
                break
            except _ThreadExit:
                self._instructions += n
                raise
            except Exception as e:
                if self._lazy and isinstance(e, (TypeError, AttributeError, struct.error)):
                    if step:  # the failing instruction is block b itself: recover, go on with the next one
                        self._lazy_recover(fn, R, e, starts[b], None)
                        b = b + 1 if b + 1 < len(starts) else -1
                        continue
                    self._instructions += n
                    return n + self._continue_lazily(fn, R, e, b, 0)
                self._instructions += n
                self._annotate(e, fn, b, step, R)
        self._instructions += n
        return n

    def _annotate(self, e, fn, b, step, R):
        """Re-raises an exception of the generated code of fn as a PtxRuntimeError that names the instruction
        (a TypeError, AttributeError or struct.error from a register holding None: UndefinedRegisterRead);
        anything else (an error of the interpreter itself) is re-raised as it is."""
        if isinstance(e, PtxRuntimeError):
            self._locate(e, fn, b, step)
            raise e
        if isinstance(e, (TypeError, AttributeError, struct.error)):
            err = self._undefined_register_error(e, fn, b, step, R)
            if err is not None:
                raise err from e
        raise e

    def _failing_instruction(self, e, fn, b, step):
        """The index of the instruction of fn that raised e (from the traceback's line in the generated code)."""
        tb = e.__traceback__
        lineno = None
        name = f"<ptx {fn.name}>"
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == name:
                lineno = tb.tb_lineno
            tb = tb.tb_next
        lmap = fn.step_map if step else fn.line_map
        if lineno is not None and lineno in lmap:
            return lmap[lineno]
        starts = fn.step_starts if step else fn.block_starts
        return starts[b] if 0 <= b < len(starts) else None

    def _locate(self, e, fn, b, step):
        idx = self._failing_instruction(e, fn, b, step)
        if idx is None:
            e.locate(fn.name, "?", "?")
        else:
            x = fn.instructions[idx]
            e.locate(fn.name, x.line, x.text)

    def _undefined_register_error(self, e, fn, b, step, R, idx=None):
        if idx is None:
            idx = self._failing_instruction(e, fn, b, step)
        if idx is None:
            return None
        x = fn.instructions[idx]
        undefined = [fn.register_names[r] for r in x.reads if R[r] is None]
        if x.reads_cf and R[0] is None:
            undefined.append("CC.CF")
        if not undefined:
            return None
        err = UndefinedRegisterRead(f"read of {', '.join(undefined)}, which holds no value (never written, or "
                                    f"loaded from memory never written, with unwritten='lazy')")
        err.locate(fn.name, x.line, x.text)
        return err

    def _register_template(self, fn):
        """The initial registers of a frame of fn: the fill of Module.run's registers argument masked to each
        register's width (None for 'raise'); R[0] is the carry flag, R[1] the frame's address (set per call)."""
        fill = self._register_fill
        if fill is None:
            tmpl = [None] * fn.register_count
        else:
            tmpl = [(bool(fill & 1) if bits == 1 else fill & _mask(bits)) for bits in fn.register_bits]
            tmpl[0] = fill & 1
        fn.template = tmpl
        fn.template_fill = fill
        return tmpl

    def _new_frame(self, fn):
        tmpl = fn.template
        if tmpl is None or fn.template_fill != self._register_fill:
            tmpl = self._register_template(fn)
        return tmpl[:]

    def _call_plan(self, site):
        """What a call site copies: (callee, [(caller offset, callee offset, size)], (callee offset, caller
        offset, size) of the return value or None), once the callee's frame is laid out."""
        callee = site.callee
        self._ensure_compiled(callee)
        copies = tuple((off, p.offset, size) for (off, size), p in zip(site.args, callee.params))
        ret = None
        if site.ret is not None:
            ret = (callee.rets[0].offset, site.ret[0], site.ret[1])
        site.plan = (callee, copies, ret)
        return site.plan

    def _call(self, R, index):
        site = self.call_sites[index]
        plan = site.plan or self._call_plan(site)
        callee, copies, ret = plan
        local = self.local
        self._calls += 1
        previous_top = local.top
        frame = local.push(callee.frame_size, callee.frame_align)
        caller_frame = R[1]
        for src, dst, size in copies:
            local.copy(caller_frame + src, frame + dst, size)
        tmpl = callee.template
        if tmpl is None or callee.template_fill != self._register_fill:
            tmpl = self._register_template(callee)
        R2 = tmpl[:]
        R2[1] = frame
        if self._trace_call is None and self._trace_return is None:
            self._execute(callee, R2)  # an error names the call site through the caller's _execute
            if ret is not None:
                local.copy(frame + ret[0], caller_frame + ret[1], ret[2])
            local.pop(frame, previous_top)
            return
        args = [local.read_bytes(frame + dst, size, checked=False) for _, dst, size in copies]
        event = CallEvent(self, callee.name, site.caller.name, self._depth + 1, site.line, args)
        if self._trace_call is not None:
            self._trace_call(event)
        before = self._instructions
        self._depth += 1
        try:
            self._execute(callee, R2)
        finally:
            self._depth -= 1
        if ret is not None:
            local.copy(frame + ret[0], caller_frame + ret[1], ret[2])
            event.retval = local.read_bytes(frame + ret[0], ret[2], checked=False)
        local.pop(frame, previous_top)
        event.instructions = self._instructions - before
        if self._trace_return is not None:
            self._trace_return(event)

    def _prepare(self, global_memory, unwritten, registers, trace, max_instructions, dynamic_shared):
        if unwritten == "raise":
            fill = None
        elif unwritten == LAZY:
            fill = LAZY
        elif isinstance(unwritten, int) and 0 <= unwritten <= 255:
            fill = unwritten
        else:
            raise ValueError("unwritten must be 'raise', 'lazy' or a byte value")
        self._unwritten_reads = [0]
        self._undefined_results = [0]
        self._lazy = fill is LAZY
        self._namespace["NONE_FREE"] = fill is not LAZY
        if registers == "raise":
            self._register_fill = None
        elif registers == "zero":
            self._register_fill = 0
        elif isinstance(registers, int) and registers >= 0:
            self._register_fill = registers
        else:
            raise ValueError("registers must be 'zero', 'raise' or a non-negative int (a bit pattern)")
        self.gm = global_memory
        self._attach_globals(global_memory)
        global_memory.set_fill(fill, self._unwritten_reads)
        self.local.reset()
        self.shared = LinearSpace("shared", SHARED_WINDOW_BASE, self.shared_static_size + dynamic_shared)
        for space in (self.local, self.shared, self.const):
            space.fill = fill
            space.counter = self._unwritten_reads
        self._namespace["GM"] = global_memory
        self._namespace["SH"] = self.shared
        self._instructions = 0
        self._calls = 0
        self._limit = max_instructions
        self._trace = trace
        self._trace_call = getattr(trace, "on_call", None)
        self._trace_return = getattr(trace, "on_return", None)
        self._trace_instruction = getattr(trace, "on_instruction", None)
        self._depth = 0

    def _attach_globals(self, gm):
        """Maps the module's .global variables into gm (once per GlobalMemory), initialised."""
        if id(self) in gm._modules:
            return
        gm._modules.add(id(self))
        for v in self.variables.values():
            if v.space == "global":
                block = LinearSpace("global", v.address, v.size)
                gm._add_block(block)
                block.write_bytes(v.address, self._initial_bytes(v))

    def _set_special(self, tid, ntid, ctaid, nctaid, dynamic_shared):
        sr = self._special
        sr[0:3] = tid
        sr[3:6] = ntid
        sr[6:9] = ctaid
        sr[9:12] = nctaid
        linear = tid[0] + ntid[0] * (tid[1] + ntid[1] * tid[2])
        lane = linear % 32
        sr[12] = lane
        sr[13] = linear // 32
        sr[14] = (ntid[0] * ntid[1] * ntid[2] + 31) // 32
        sr[15], sr[16], sr[17] = 0, 1, 0
        sr[18] = 1 << lane
        sr[19] = (2 << lane) - 1
        sr[20] = (1 << lane) - 1
        sr[21] = (0xffffffff << lane) & 0xffffffff
        sr[22] = (0xffffffff << (lane + 1)) & 0xffffffff
        sr[23:26] = ctaid
        sr[26:29] = nctaid
        sr[29:32] = (0, 0, 0)
        sr[32:35] = (1, 1, 1)
        sr[35], sr[36], sr[37] = 0, 1, 0
        sr[38] = dynamic_shared
        sr[39] = self.shared_static_size + dynamic_shared

    def _param_bytes(self, fn, params):
        if isinstance(params, (bytes, bytearray)):
            data = bytes(params)
            if len(data) != fn.param_size:
                raise ValueError(f"{fn.name} takes {fn.param_size} bytes of parameters, not {len(data)}")
            return data
        params = list(params)
        if len(params) != len(fn.params):
            raise ValueError(f"{fn.name} takes {len(fn.params)} parameters, not {len(params)}")
        data = bytearray(fn.param_size)
        for p, v in zip(fn.params, params):
            if isinstance(v, tuple):
                typ, v = v
                size = max(TYPES[typ][0] // 8, 1)
                if size != p.size:
                    raise ValueError(f"parameter {p.name} has {p.size} bytes, not {size} ({typ})")
            if isinstance(v, (bytes, bytearray)):
                if len(v) != p.size:
                    raise ValueError(f"parameter {p.name} has {p.size} bytes, not {len(v)}")
                data[p.offset:p.offset + p.size] = v
            else:
                data[p.offset:p.offset + p.size] = (v & _mask(8 * p.size)).to_bytes(p.size, "little")
        return bytes(data)

    def run(self, entry, params, global_memory, tid=(0, 0, 0), ntid=(1, 1, 1), ctaid=(0, 0, 0),
            nctaid=(1, 1, 1), trace=None, unwritten="raise", registers="zero", dynamic_shared=0,
            max_instructions=None):
        """Runs one thread of the entry; returns RunStats. See the module's documentation."""
        fn = self._function(entry, "entry")
        self._prepare(global_memory, unwritten, registers, trace, max_instructions, dynamic_shared)
        self._set_special(tuple(tid), tuple(ntid), tuple(ctaid), tuple(nctaid), dynamic_shared)
        data = self._param_bytes(fn, params)
        self.param = LinearSpace("param", PARAM_WINDOW_BASE, len(data))
        self.param.write_bytes(PARAM_WINDOW_BASE, data)
        self.param.counter = self._unwritten_reads
        self._namespace["PS"] = self.param
        self._ensure_compiled(fn)
        start = time.perf_counter()
        frame = self.local.push(fn.frame_size, fn.frame_align)
        R = self._new_frame(fn)
        R[1] = frame
        try:
            self._execute(fn, R)
        except _ThreadExit:
            pass
        return RunStats(self._instructions, self._calls, time.perf_counter() - start, self._unwritten_reads[0],
                        self._undefined_results[0])

    def call(self, function, args, global_memory, memory=None, unwritten="raise", registers="zero", trace=None,
             tid=(0, 0, 0), ntid=(1, 1, 1), ctaid=(0, 0, 0), nctaid=(1, 1, 1)):
        """Runs a .func alone on args (a list of bytes, one per parameter); returns (retval bytes or None,
        RunStats). memory: a MemorySnapshot (CallEvent.snapshot()) to restore first, for arguments that point
        into local or global memory (the global memory must be the one the snapshot was taken of)."""
        fn = self._function(function, "func")
        self._prepare(global_memory, unwritten, registers, trace, None, 0)
        self._set_special(tuple(tid), tuple(ntid), tuple(ctaid), tuple(nctaid), 0)
        if memory is not None:
            self.local.restore(memory.local)
            global_memory.restore(memory.global_)
        self._ensure_compiled(fn)
        if len(args) != len(fn.params):
            raise ValueError(f"{fn.name} takes {len(fn.params)} parameters, not {len(args)}")
        previous_top = self.local.top
        frame = self.local.push(fn.frame_size, fn.frame_align)
        for p, a in zip(fn.params, args):
            if len(a) != p.size:
                raise ValueError(f"parameter {p.name} has {p.size} bytes, not {len(a)}")
            self.local.write_bytes(frame + p.offset, bytes(a))
        R = self._new_frame(fn)
        R[1] = frame
        start = time.perf_counter()
        try:
            self._execute(fn, R)
        except _ThreadExit:
            return None, RunStats(self._instructions, self._calls, time.perf_counter() - start,
                                  self._unwritten_reads[0], self._undefined_results[0])
        ret = None
        if fn.rets:
            r = fn.rets[0]
            ret = self.local.read_bytes(frame + r.offset, r.size, checked=False)
        self.local.pop(frame, previous_top)
        return ret, RunStats(self._instructions, self._calls, time.perf_counter() - start, self._unwritten_reads[0],
                        self._undefined_results[0])


# ----------------------------------------------------------------------------------------------------------------
# Command line

def main(argv=None):
    ap = argparse.ArgumentParser(description="Interprets the PTX of one GPU thread (integer instructions).")
    ap.add_argument("ptx")
    ap.add_argument("--list", action="store_true", help="list the entries and their parameter layouts")
    ap.add_argument("--decode", action="store_true", help="decode every function; list unsupported instructions")
    ap.add_argument("--run", metavar="ENTRY", help="run one thread of ENTRY (a name or a unique part of one)")
    ap.add_argument("--param", action="append", default=[], metavar="TYPE:VALUE",
                    help="a parameter (u32:5, u64:0x100, hex:00ff... for raw bytes); in order")
    ap.add_argument("--tid", default="0,0,0")
    ap.add_argument("--ctaid", default="0,0,0")
    ap.add_argument("--ntid", default="1,1,1")
    ap.add_argument("--nctaid", default="1,1,1")
    args = ap.parse_args(argv)
    module = Module.from_file(args.ptx)
    if args.list:
        for name in module.entries():
            fn = module.functions[name]
            print(f"{name} ({fn.param_size} bytes of parameters)")
            for p in fn.params:
                print(f"  {p.name}: offset {p.offset}, {p.size} bytes, align {p.align}, .{p.type}")
        others = [f.name for f in module.functions.values() if f.kind == "func"]
        print(f"{len(others)} .func: " + ", ".join(others))
    if args.decode:
        start = time.perf_counter()
        unsupported = module.decode()
        print(f"decoded in {time.perf_counter() - start:.1f} s; {len(unsupported)} unsupported instructions")
        for u in unsupported:
            print("  " + u)
    if args.run:
        params = []
        for p in args.param:
            typ, _, value = p.partition(":")
            if typ == "hex":
                params.append(bytes.fromhex(value))
            else:
                params.append((typ, int(value, 0)))
        triple = lambda s: tuple(int(x, 0) for x in s.split(","))  # noqa: E731
        gm = GlobalMemory()
        stats = module.run(args.run, params, gm, tid=triple(args.tid), ntid=triple(args.ntid),
                           ctaid=triple(args.ctaid), nctaid=triple(args.nctaid))
        print(f"{stats.instructions} instructions, {stats.calls} calls, {stats.seconds:.3f} s "
              f"({stats.rate / 1e6:.2f} M instructions/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
