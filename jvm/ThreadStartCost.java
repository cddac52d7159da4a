import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;

// How much of the main thread's CPU one Thread.start costs on a JVM that has just started, as
// gc-lab's twin (GcLab.java) starts its workers: each new thread sleeps, so the starts compete
// only with the JVM's own threads. gc-lab's model charges this to its main thread per worker (the
// profile's "Thread.start" row).
//
//   java jvm/ThreadStartCost.java [threads]     (default 1000)
public class ThreadStartCost {
    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        List<Thread> threads = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            threads.add(new Thread(ThreadStartCost::nap, "worker-" + i));
        }
        long cpu = mx.getCurrentThreadCpuTime();
        long wall = System.nanoTime();
        for (Thread t : threads) {
            t.start();
        }
        cpu = mx.getCurrentThreadCpuTime() - cpu;
        wall = System.nanoTime() - wall;
        System.out.printf("%d starts: main's CPU %.1f µs each, wall time %.1f µs each%n", n, cpu / 1e3 / n, wall / 1e3 / n);
        for (Thread t : threads) {
            t.join();
        }
    }

    static void nap() {
        try {
            Thread.sleep(3000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
