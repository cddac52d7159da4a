package sim

// The JVM's share of a shared machine. On a machine of its own the JVM's
// threads have every CPU; on one shared with other work, the operating
// system gives each CPU's time to the other processes' runnable threads too,
// and the JVM's threads get only a part of it. Machine.CPUShare is that part,
// the same for every CPU and every one of the JVM's threads (the
// application's, the GC workers in a pause, G1's marking threads): a CPU
// burst of d takes d / CPUShare of wall time, and so does every pause.
//
// This is the machine's other load as a fluid: the other processes' threads
// are not scheduled one by one, and their share does not depend on how many
// of the JVM's threads are runnable. `loomsim jvm` measures it where the JVM
// ran (the twin's process CPU over its window's wall time and CPUs), so the
// model runs on the machine the JVM had; every article's profile leaves it
// at the whole machine.

// cpuShare is the part of each CPU's time the JVM's threads get, in (0, 1].
func (m *Machine) cpuShare() float64 {
	if m.CPUShare <= 0 {
		return 1
	}
	return m.CPUShare
}

// stretch is the wall time d of CPU work takes when the JVM's threads get
// share of each CPU's time. At the whole machine it is d, bit for bit.
func stretch(d Duration, share float64) Duration {
	if share >= 1 || share <= 0 || d <= 0 {
		return d
	}
	return Duration(float64(float64(d) / share))
}
