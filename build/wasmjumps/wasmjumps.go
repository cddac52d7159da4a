// Package wasmjumps turns the forward jumps in Go's WebAssembly into
// direct branches.
//
// Go compiles each function into one loop around a br_table: the function's
// code is cut into regions, one per resume point (where a goroutine can be
// suspended and resumed), and every jump between basic blocks is written
// as "PC_B = target; br loop", so that it goes back to the loop's head and
// through the br_table to the target's region (cmd/internal/obj/wasm,
// wasmobj.go: entryPointLoop). At run time each such jump is an indirect
// jump through a table, and V8 adds a stack check at every iteration of a
// loop: a dozen instructions where native code has one. Go's code takes
// most jumps forward, to a later region, and structured WebAssembly can
// branch forward directly: every later region begins at the end of a block
// that is still open, so "br n" reaches it.
//
// Rewrite replaces each "i32.const K; local.set 0; br loop" whose target
// region (the br_table's entry K) lies ahead with a "br" to that region's
// block. It is the same jump: the br_table would have taken control to the
// same place. PC_B (the function's parameter, local 0) is read only by the
// br_table (a backward jump still sets it; a resumed call passes its own),
// so the value no longer written is never read. Backward jumps, and
// functions not in Go's shape, are left as they are.
package wasmjumps

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
)

// Stats says what Rewrite changed.
type Stats struct {
	Functions int // function bodies in Go's loop-and-br_table shape
	Forward   int // jumps turned into direct branches
	Backward  int // jumps left to the loop (to the same or an earlier region)
}

var magic = []byte{0x00, 'a', 's', 'm', 0x01, 0x00, 0x00, 0x00}

const codeSection = 10

// Rewrite returns the module with its forward jumps made direct. It leaves
// every section but the code section byte for byte as it was.
func Rewrite(module []byte) ([]byte, Stats, error) {
	var st Stats
	if !bytes.HasPrefix(module, magic) {
		return nil, st, errors.New("wasmjumps: not a WebAssembly 1.0 module")
	}
	out := append([]byte{}, magic...)
	r := &reader{b: module, i: len(magic)}
	for r.i < len(r.b) {
		id := r.byte()
		size := r.u32()
		if r.err != nil || r.i+int(size) > len(r.b) {
			return nil, st, fmt.Errorf("wasmjumps: section %d runs past the module's end", id)
		}
		body := r.b[r.i : r.i+int(size)]
		r.i += int(size)
		if id == codeSection {
			var err error
			if body, err = rewriteCode(body, &st); err != nil {
				return nil, st, err
			}
		}
		out = append(out, id)
		out = binary.AppendUvarint(out, uint64(len(body)))
		out = append(out, body...)
	}
	return out, st, nil
}

// RewriteFile rewrites the module in the file at path, in place.
func RewriteFile(path string) (Stats, error) {
	in, err := os.ReadFile(path)
	if err != nil {
		return Stats{}, err
	}
	out, st, err := Rewrite(in)
	if err != nil {
		return st, fmt.Errorf("%s: %w", path, err)
	}
	return st, os.WriteFile(path, out, 0o644)
}

// rewriteCode rewrites each function body of a code section.
func rewriteCode(sec []byte, st *Stats) ([]byte, error) {
	r := &reader{b: sec}
	n := r.u32()
	out := binary.AppendUvarint(nil, uint64(n))
	for k := uint32(0); k < n && r.err == nil; k++ {
		size := r.u32()
		if r.err != nil || r.i+int(size) > len(sec) {
			return nil, fmt.Errorf("wasmjumps: function body %d runs past the code section", k)
		}
		body, err := rewriteBody(sec[r.i:r.i+int(size)], st)
		if err != nil {
			return nil, fmt.Errorf("wasmjumps: function body %d: %w", k, err)
		}
		r.i += int(size)
		out = binary.AppendUvarint(out, uint64(len(body)))
		out = append(out, body...)
	}
	if r.err != nil || r.i != len(sec) {
		return nil, errors.New("wasmjumps: malformed code section")
	}
	return out, nil
}

// The opcodes this package reads.
const (
	opBlock     = 0x02
	opLoop      = 0x03
	opIf        = 0x04
	opElse      = 0x05
	opEnd       = 0x0b
	opBr        = 0x0c
	opBrTable   = 0x0e
	opLocalGet  = 0x20
	opLocalSet  = 0x21
	opGlobalGet = 0x23
	opI32Const  = 0x41
	emptyBlock  = 0x40
)

// rewriteBody rewrites one function body, or returns it unchanged when it
// does not open as Go's functions do: [global.get 0; local.set 1] [block]
// loop block×n local.get 0 br_table end.
func rewriteBody(body []byte, st *Stats) ([]byte, error) {
	r := &reader{b: body}
	for groups := r.u32(); groups > 0 && r.err == nil; groups-- {
		r.u32()  // how many locals
		r.byte() // of which type
	}
	if r.err != nil {
		return nil, r.err
	}
	r.skip(opGlobalGet, 0, opLocalSet, 1) // SP into its local cache (local 1)
	unwind := r.skip(opBlock, emptyBlock) // the unwind exit, outside the loop
	if !r.skip(opLoop, emptyBlock) {
		return body, nil
	}
	blocks := 0
	for r.skip(opBlock, emptyBlock) {
		blocks++
	}
	if blocks == 0 || !r.skip(opLocalGet, 0, opBrTable) {
		return body, nil
	}
	table := make([]uint32, r.u32()+1) // the labels, then the default
	for i := range table {
		table[i] = r.u32()
	}
	if r.err != nil || r.byte() != opEnd {
		return nil, errors.New("entry br_table not followed by end")
	}
	st.Functions++

	out := append([]byte{}, body[:r.i]...)
	region := 0 // the region the code is in: regions before it are closed
	inner := 0  // blocks, loops and ifs open inside the region
	for r.i < len(body) && r.err == nil {
		start := r.i
		// "i32.const K; local.set 0; br d" with d the loop's depth.
		if k, depth, ok := r.jump(); ok {
			loop := uint32(inner + blocks - 1 - region)
			if depth == loop {
				// An index past the labels takes the default, as br_table does.
				target := int(table[min(int(k), len(table)-1)])
				if target > region {
					out = append(out, opBr)
					out = binary.AppendUvarint(out, uint64(inner+target-region-1))
					st.Forward++
					continue
				}
				st.Backward++
			}
			out = append(out, body[start:r.i]...)
			continue
		}
		r.i = start
		op := r.byte()
		switch op {
		case opBlock, opLoop, opIf:
			r.blockType()
			inner++
		case opEnd:
			if inner > 0 {
				inner--
			} else {
				region++ // a resume block, the loop, the unwind exit or the body ends
			}
		default:
			r.skipImmediates(op)
		}
		out = append(out, body[start:r.i]...)
	}
	if r.err != nil {
		return nil, r.err
	}
	// The ends at the top level: the resume blocks' after the table's own,
	// the loop's, the unwind exit's if there is one, and the body's.
	want := blocks - 1 + 1 + 1
	if unwind {
		want++
	}
	if region != want {
		return nil, fmt.Errorf("unbalanced blocks (%d ends at the top level for %d blocks)", region, blocks)
	}
	return out, nil
}

// jump reads "i32.const K; local.set 0; br d" if it is next.
func (r *reader) jump() (k, depth uint32, ok bool) {
	if r.peek() != opI32Const {
		return 0, 0, false
	}
	r.i++
	kv := r.s64()
	if r.err != nil || kv < 0 || !r.skip(opLocalSet, 0, opBr) {
		return 0, 0, false
	}
	depth = r.u32()
	return uint32(kv), depth, r.err == nil
}

// reader decodes a byte slice; the first error sticks.
type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) fail(msg string) {
	if r.err == nil {
		r.err = fmt.Errorf("%s at byte %d", msg, r.i)
	}
	r.i = len(r.b)
}

// peek is the next byte, 0xff (no opcode this package reads) at the end.
func (r *reader) peek() byte {
	if r.i < len(r.b) {
		return r.b[r.i]
	}
	return 0xff
}

// skip steps over want if the bytes at r are want, and reports whether
// they were.
func (r *reader) skip(want ...byte) bool {
	if !bytes.HasPrefix(r.b[min(r.i, len(r.b)):], want) {
		return false
	}
	r.i += len(want)
	return true
}

func (r *reader) byte() byte {
	if r.i >= len(r.b) {
		r.fail("unexpected end")
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *reader) u32() uint32 {
	v, n := binary.Uvarint(r.b[min(r.i, len(r.b)):])
	if n <= 0 || v > 1<<32-1 {
		r.fail("bad unsigned LEB128")
		return 0
	}
	r.i += n
	return uint32(v)
}

// s64 reads a signed LEB128 (i32.const and i64.const immediates).
func (r *reader) s64() int64 {
	var v int64
	var shift uint
	for {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		v |= int64(c&0x7f) << shift
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v
		}
		if shift >= 70 {
			r.fail("bad signed LEB128")
			return 0
		}
	}
}

func (r *reader) blockType() {
	if c := r.peek(); c == emptyBlock || c >= 0x6f && c <= 0x7f {
		r.i++
		return
	}
	r.s64() // a type index
}

// skipImmediates steps over the immediates of op, the opcodes Go's
// WebAssembly backend emits (and the rest of the 1.0 instruction set
// without SIMD); an opcode it does not know is an error, never a guess.
func (r *reader) skipImmediates(op byte) {
	switch {
	case op == 0x00 || op == 0x01 || op == opElse || op == 0x0f || op == 0x1a || op == 0x1b:
		// unreachable, nop, else, return, drop, select
	case op == opBr || op == 0x0d || op == 0x10 || op == 0xd2:
		r.u32() // br, br_if, call, ref.func
	case op == opBrTable:
		for n := r.u32() + 1; n > 0 && r.err == nil; n-- {
			r.u32()
		}
	case op == 0x11: // call_indirect
		r.u32()
		r.u32()
	case op == 0x1c: // select t*
		for n := r.u32(); n > 0 && r.err == nil; n-- {
			r.byte()
		}
	case op >= 0x20 && op <= 0x26: // locals, globals, table.get/set
		r.u32()
	case op >= 0x28 && op <= 0x3e: // loads and stores: align, offset
		r.u32()
		r.u32()
	case op == 0x3f || op == 0x40: // memory.size, memory.grow
		r.u32()
	case op == opI32Const || op == 0x42:
		r.s64()
	case op == 0x43:
		r.i += 4
	case op == 0x44:
		r.i += 8
	case op >= 0x45 && op <= 0xc4, op == 0xd1:
		// numeric instructions, ref.is_null
	case op == 0xd0: // ref.null t
		r.byte()
	case op == 0xfc:
		switch sub := r.u32(); {
		case sub <= 7: // saturating truncations
		case sub == 8: // memory.init
			r.u32()
			r.u32()
		case sub == 9 || sub == 11 || sub == 13 || sub == 15 || sub == 16 || sub == 17:
			r.u32() // data.drop, memory.fill, elem.drop, table.grow/size/fill
		case sub == 10 || sub == 12 || sub == 14: // memory.copy, table.init, table.copy
			r.u32()
			r.u32()
		default:
			r.fail(fmt.Sprintf("unknown 0xfc opcode %d", sub))
		}
	default:
		r.fail(fmt.Sprintf("unknown opcode 0x%02x", op))
	}
	if r.i > len(r.b) {
		r.fail("immediate runs past the end")
	}
}
