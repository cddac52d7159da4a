package sim

// ring is a growable FIFO ring buffer: the event queue's lanes hold events
// in it, and fifo (below) holds thread, task and connection slots. It never
// allocates once it has reached its working size. Its capacity is always a
// power of two, so a position wraps with a mask instead of a division: this
// is on the path of every event.
type ring[T comparable] struct {
	buf        []T
	head, size int
}

// ringMinCap is the capacity of a ring's first buffer.
const ringMinCap = 16

// fifo is a queue of slot indices (threads, tasks, connections).
type fifo = ring[int32]

func (r *ring[T]) len() int { return r.size }

// push appends v at the tail, doubling the buffer when it is full.
//
// The fast path compares size and length unsigned, so where it stores the
// buffer has at least one slot and the masked index is in range without a
// bounds check. A full ring grows here, with make and copy rather than a
// call (grow unwraps the same way): without a call the inliner takes push,
// and a call costs more than the push in WebAssembly.
func (r *ring[T]) push(v T) {
	// tryPush's store, written out: called, it would put push over the
	// inliner's budget (103 against 80), and push is inlined at a dozen
	// sites.
	buf, n := r.buf, r.size
	r.size = n + 1
	if uint(n) < uint(len(buf)) {
		buf[uint(r.head+n)&uint(len(buf)-1)] = v
		return
	}
	nb := make([]T, max(2*len(buf), ringMinCap))
	copy(nb[copy(nb, buf[r.head:]):], buf[:r.head])
	nb[n] = v
	r.buf, r.head = nb, 0
}

// tryPush appends v at the tail where the buffer has room, and reports
// whether it did. Its compare is unsigned, so the masked store needs no
// bounds check; it is small enough for the inliner to take into the
// largest functions (push's growth is not), where a call would cost more
// than the store.
func (r *ring[T]) tryPush(v T) bool {
	n := r.size
	if uint(n) >= uint(len(r.buf)) {
		return false
	}
	r.buf[uint(r.head+n)&uint(len(r.buf)-1)] = v
	r.size = n + 1
	return true
}

// pushFront puts v at the head, doubling the buffer when it is full.
func (r *ring[T]) pushFront(v T) {
	if r.size == len(r.buf) {
		r.grow()
	}
	r.head = (r.head - 1) & (len(r.buf) - 1)
	r.buf[r.head] = v
	r.size++
}

// grow doubles the buffer (or makes the first one) and unwraps the
// elements to its start.
func (r *ring[T]) grow() {
	n := max(2*len(r.buf), ringMinCap)
	nb := make([]T, n)
	for i := 0; i < r.size; i++ {
		nb[i] = r.buf[(r.head+i)&(len(r.buf)-1)]
	}
	r.buf, r.head = nb, 0
}

// pop removes and returns the head. The ring must not be empty.
func (r *ring[T]) pop() T {
	v := r.buf[r.head]
	r.head = (r.head + 1) & (len(r.buf) - 1)
	r.size--
	return v
}

// front returns the head in place. The ring must not be empty.
func (r *ring[T]) front() *T { return &r.buf[r.head] }

// at returns the i-th element from the head.
func (r *ring[T]) at(i int) T { return r.buf[(r.head+i)&(len(r.buf)-1)] }

// remove deletes the first occurrence of v (O(n); used only on rare paths
// such as cancelling a queued task).
func (r *ring[T]) remove(v T) bool {
	mask := len(r.buf) - 1
	for i := 0; i < r.size; i++ {
		if r.at(i) == v {
			for j := i; j < r.size-1; j++ {
				r.buf[(r.head+j)&mask] = r.buf[(r.head+j+1)&mask]
			}
			r.size--
			return true
		}
	}
	return false
}

// take removes and returns the i-th element from the head, keeping the
// others in order (O(n - i)).
func (r *ring[T]) take(i int) T {
	mask := len(r.buf) - 1
	v := r.at(i)
	for j := i; j < r.size-1; j++ {
		r.buf[(r.head+j)&mask] = r.buf[(r.head+j+1)&mask]
	}
	r.size--
	return v
}

// clone returns a ring that shares no memory with r.
func (r ring[T]) clone() ring[T] {
	r.buf = cloneSlice(r.buf)
	return r
}
