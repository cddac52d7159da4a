package sim

// waitQueue is the threads blocked on one lock (a monitor, the heap lock),
// in arrival order. It is intrusive: each waiting thread links to the next
// through thread.nextWaiter, so queueing allocates nothing and a thread can
// wait on one lock at a time only, which is all a blocked thread can do.
type waitQueue struct {
	head, tail int32 // first and last waiting thread, -1 when empty
}

// emptyWaitQueue is a queue with nobody waiting (the zero value is not:
// thread 0 is a real slot).
func emptyWaitQueue() waitQueue { return waitQueue{head: -1, tail: -1} }

// push puts thread ti at the back.
func (q *waitQueue) push(th []thread, ti int32) {
	th[ti].nextWaiter = -1
	if q.tail >= 0 {
		th[q.tail].nextWaiter = ti
	} else {
		q.head = ti
	}
	q.tail = ti
}

// pop takes the longest waiter off the front, -1 when nobody waits.
func (q *waitQueue) pop(th []thread) int32 {
	w := q.head
	if w < 0 {
		return -1
	}
	q.head = th[w].nextWaiter
	if q.head < 0 {
		q.tail = -1
	}
	th[w].nextWaiter = -1
	return w
}
