package wasmjumps

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/loomlab/loomlab/build/wasmtest"
	"github.com/stretchr/testify/require"
)

// module wraps function bodies in a module holding only a code section
// (Rewrite reads nothing else).
func module(bodies ...[]byte) []byte {
	code := []byte{byte(len(bodies))}
	for _, b := range bodies {
		code = append(code, byte(len(b)))
		code = append(code, b...)
	}
	m := append([]byte{}, magic...)
	m = append(m, codeSection, byte(len(code)))
	return append(m, code...)
}

// goShaped is a function in Go's shape with three regions: the entry
// br_table sends PC_B 0, 1 and 2 to regions 0, 1 and 2. Region 0 jumps
// ahead to region 2, region 1 (inside an if) back to region 0, region 2 to
// itself.
func goShaped(region0, region1, region2 []byte) []byte {
	b := []byte{0x00}                     // no locals
	b = append(b, 0x23, 0x00, 0x21, 0x01) // SP into local 1
	b = append(b, opLoop, emptyBlock)     // the entry loop
	b = append(b, opBlock, emptyBlock, opBlock, emptyBlock, opBlock, emptyBlock)
	b = append(b, opLocalGet, 0x00, opBrTable, 0x03, 0x00, 0x01, 0x02, 0x02, opEnd)
	b = append(b, region0...)
	b = append(b, opEnd)
	b = append(b, region1...)
	b = append(b, opEnd)
	b = append(b, region2...)
	b = append(b, opEnd)       // the loop
	b = append(b, 0x00, opEnd) // unreachable, the body
	return b
}

// jumpTo is Go's jump: PC_B = k, then br d (the loop).
func jumpTo(k, d byte) []byte { return []byte{opI32Const, k, opLocalSet, 0x00, opBr, d} }

func TestRewriteMakesForwardJumpsDirectAndLeavesTheOthers(t *testing.T) {
	// From region 0 the loop is 2 deep (blocks 1 and 2 are still open);
	// from inside region 1's if, 2 (the if and block 2); from region 2, 0.
	in := module(goShaped(
		jumpTo(2, 2),
		append(append([]byte{opIf, emptyBlock}, jumpTo(0, 2)...), opEnd),
		jumpTo(2, 0),
	))
	out, st, err := Rewrite(in)
	require.NoError(t, err)
	require.Equal(t, Stats{Functions: 1, Forward: 1, Backward: 2}, st)
	// Region 0's jump to region 2 becomes br 1: block 1 ends where region
	// 1 begins, block 2 where region 2 begins.
	want := module(goShaped(
		[]byte{opBr, 0x01},
		append(append([]byte{opIf, emptyBlock}, jumpTo(0, 2)...), opEnd),
		jumpTo(2, 0),
	))
	require.Equal(t, want, out)
}

func TestRewriteCountsInnerBlocksInTheDepth(t *testing.T) {
	// Inside an if in region 0 the loop is 3 deep, and region 1 is 1.
	in := module(goShaped(
		append(append([]byte{opIf, emptyBlock}, jumpTo(1, 3)...), opEnd),
		nil, nil,
	))
	out, st, err := Rewrite(in)
	require.NoError(t, err)
	require.Equal(t, 1, st.Forward)
	want := module(goShaped([]byte{opIf, emptyBlock, opBr, 0x01, opEnd}, nil, nil))
	require.Equal(t, want, out)
}

func TestRewriteLeavesABranchThatIsNotToTheLoop(t *testing.T) {
	// PC_B set and a br to block 1, not the loop: not a Go jump.
	in := module(goShaped(jumpTo(2, 0), nil, nil))
	out, st, err := Rewrite(in)
	require.NoError(t, err)
	require.Equal(t, Stats{Functions: 1}, st)
	require.Equal(t, in, out)
}

func TestRewriteLeavesOtherFunctionsAlone(t *testing.T) {
	plain := []byte{0x00, opI32Const, 0x02, opLocalSet, 0x00, opBr, 0x00, opEnd}
	out, st, err := Rewrite(module(plain))
	require.NoError(t, err)
	require.Equal(t, Stats{}, st)
	require.Equal(t, module(plain), out)
}

func TestRewriteRefusesWhatItCannotRead(t *testing.T) {
	_, _, err := Rewrite([]byte("not wasm"))
	require.ErrorContains(t, err, "not a WebAssembly")
	// An opcode it does not know (SIMD) in a Go-shaped body.
	_, _, err = Rewrite(module(goShaped([]byte{0xfd, 0x00}, nil, nil)))
	require.ErrorContains(t, err, "unknown opcode 0xfd")
	// A section longer than the module.
	bad := append(append([]byte{}, magic...), codeSection, 0x7f, 0x00)
	_, _, err = Rewrite(bad)
	require.ErrorContains(t, err, "past the module's end")
	// A body whose blocks do not close.
	_, _, err = Rewrite(module(goShaped([]byte{opBlock, emptyBlock}, nil, nil)))
	require.ErrorContains(t, err, "unbalanced")
}

// TestRewrittenGoProgramBehavesTheSame builds build/wasmtest's program for
// js/wasm, rewrites it, and runs both under node: the transcripts must be
// the same, and the rewrite must have found jumps to make direct.
func TestRewrittenGoProgramBehavesTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program for js/wasm and runs it under node")
	}
	dir := t.TempDir()
	orig := wasmtest.BuildJumpy(t, dir)
	in, err := os.ReadFile(orig)
	require.NoError(t, err)
	rewritten, st, err := Rewrite(in)
	require.NoError(t, err)
	require.Greater(t, st.Functions, 100)
	require.Greater(t, st.Forward, st.Backward, "most of Go's jumps go forward")
	direct := filepath.Join(dir, "jumpy-direct.wasm")
	require.NoError(t, os.WriteFile(direct, rewritten, 0o644))

	want := wasmtest.Run(t, orig)
	require.Contains(t, want, "pipeline: [0 1 4 9 16 25 36 49 64 81 100 121]")
	require.Contains(t, want, "index 3: 0 recovered: runtime error: index out of range [3] with length 3")
	require.Equal(t, want, wasmtest.Run(t, direct))

	// Rewriting twice finds nothing more to do and changes nothing.
	again, st2, err := Rewrite(rewritten)
	require.NoError(t, err)
	require.Zero(t, st2.Forward)
	require.Equal(t, rewritten, again)
}
