package sim

// fifo is a growable ring buffer of int32 slots (thread, task or connection
// indices). It never allocates once it has reached its working size.
type fifo struct {
	buf        []int32
	head, size int
}

func (f *fifo) len() int { return f.size }

func (f *fifo) push(v int32) {
	if f.size == len(f.buf) {
		n := len(f.buf) * 2
		if n < 16 {
			n = 16
		}
		nb := make([]int32, n)
		for i := 0; i < f.size; i++ {
			nb[i] = f.buf[(f.head+i)%len(f.buf)]
		}
		f.buf, f.head = nb, 0
	}
	f.buf[(f.head+f.size)%len(f.buf)] = v
	f.size++
}

func (f *fifo) pop() int32 {
	v := f.buf[f.head]
	f.head = (f.head + 1) % len(f.buf)
	f.size--
	return v
}

// at returns the i-th element from the head.
func (f *fifo) at(i int) int32 { return f.buf[(f.head+i)%len(f.buf)] }

// remove deletes the first occurrence of v (O(n); used only on rare paths
// such as cancelling a queued task).
func (f *fifo) remove(v int32) bool {
	for i := 0; i < f.size; i++ {
		if f.at(i) == v {
			for j := i; j < f.size-1; j++ {
				f.buf[(f.head+j)%len(f.buf)] = f.buf[(f.head+j+1)%len(f.buf)]
			}
			f.size--
			return true
		}
	}
	return false
}
