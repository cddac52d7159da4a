// GcLab: the Java twin of loomlab's gc-lab scenario. One source file, no build tool:
//
//     java [JVM flags such as -Xmx64m -XX:+UseParallelGC -Xlog:gc*:file=gc.log] jvm/GcLab.java key=value ...
//
// Every worker runs the same request loop, exactly as gc-lab specifies it:
//   1. allocate garbage_kb as 1 KB byte arrays that die at once;
//   2. allocate data_kb, held until the request ends (across the backend wait);
//   3. cpu_us of CPU work;
//   4. sleep backend_ms (the backend call);
//   5. if the per-thread cache holds less than cache_max_kb, add cache_step_kb to it;
//   6. replace the per-thread buffer with a new sticky_kb array;
//   7. count the request.
// state=pooled keeps the per-thread cache and buffer for the whole run (a pooled thread reused
// request after request); state=fresh starts every request with both empty, as a new thread per
// request would. Heap size and collector are JVM flags chosen by the caller, never knobs here.
//
// Every allocation is published to a volatile field, so escape analysis cannot scalar-replace it
// and the JIT cannot drop it: the bytes this program claims to allocate are really allocated.
//
// At the end one JSON line goes to stdout: requests, throughput_rps, duration_s, threads and every
// knob's value, plus what the JVM itself reports (version, max heap, its collectors' counts) and the
// JVM uptime at both ends of the measured window, to pick that window's GCs out of the log, the CPU
// time the whole process used in that window (process_cpu_s: user + system, GC threads included) and
// the machine's load averages at its end (loadavg), for on a shared machine the JVM gets less CPU than it sees,
// and per thread (the JVM's own by name, the workers together) the CPU seconds and the seconds spent runnable
// but waiting for a CPU in that window (threads_cpu_wait_s, from Linux's per-thread schedstat): how much of a
// CPU G1's marking thread or the GC workers got while they wanted one, against a worker; with the times they
// got a CPU and their context switches, which give the mean wait for a CPU each time a thread was made runnable.

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

public final class GcLab {

    /** One knob: its name, default, allowed range and meaning (printed by the usage text). */
    private record Knob(String name, String def, long min, long max, String help) {}

    private static final List<Knob> KNOBS = List.of(
            new Knob("threads", "1000", 1, 100_000, "worker threads, each a closed-loop client"),
            new Knob("state", "pooled", 0, 0, "pooled|fresh: keep per-thread cache and buffer, or start each request empty"),
            new Knob("threads_kind", "platform", 0, 0, "platform|virtual (virtual only where Thread.ofVirtual exists)"),
            new Knob("garbage_kb", "6", 0, 1_048_576, "KB allocated per request as 1 KB arrays that die at once"),
            new Knob("data_kb", "1", 0, 1_048_576, "KB allocated per request and held until it ends"),
            new Knob("cache_step_kb", "2", 0, 1_048_576, "KB added to the per-thread cache per request"),
            new Knob("cache_max_kb", "64", 0, 1_048_576, "the per-thread cache stops growing at this size"),
            new Knob("sticky_kb", "7", 0, 1_048_576, "KB of the per-thread buffer replaced every request"),
            new Knob("backend_ms", "30", 0, 60_000, "sleep per request (the backend call)"),
            new Knob("cpu_us", "50", 0, 10_000_000, "microseconds of CPU work per request"),
            new Knob("duration_s", "10", 1, 86_400, "seconds the workers run"));

    /** Receives every allocation; volatile so the JIT must perform each store (and so each allocation). */
    static volatile Object sink;

    /** Receives the CPU work's result so the loop is not dead code. */
    static volatile long cpuSink;

    /** Set by main when duration_s has elapsed; workers finish their request and stop. */
    static volatile boolean stop;

    static final LongAdder requests = new LongAdder();

    /** Requests finished by each worker, by its index: how evenly the threads progressed. */
    static AtomicLongArray perThread;

    /**
     * How long the requests' steps took, wall clock, as counts in buckets an eighth of a doubling wide
     * (9 % apart) from 1 µs to about an hour: the whole request, its allocations before the sleep, the
     * sleep (with the wait for a CPU after it) and its allocations after the sleep. Made once, a few KB, and
     * counted without allocating, so the measurement leaves the workload's heap as it was.
     */
    static final class StepTimes {
        static final String[] STEPS = {"request", "alloc_before_sleep", "sleep", "alloc_after_sleep"};
        static final int BUCKETS = 8 * 32;
        final AtomicLongArray counts = new AtomicLongArray(STEPS.length * BUCKETS);
        /** Per step: the times added up (µs), and how many took over 1 ms and their time (µs). */
        final AtomicLongArray totals = new AtomicLongArray(STEPS.length * 3);

        void add(int step, long nanos) {
            long us = Math.max(nanos / 1000, 0);
            totals.addAndGet(step * 3, us);
            if (us > 1000) {
                totals.incrementAndGet(step * 3 + 1);
                totals.addAndGet(step * 3 + 2, us);
            }
            int b = (int) Math.floor(8 * Math.log(us + 1) / Math.log(2));
            counts.incrementAndGet(step * BUCKETS + Math.min(b, BUCKETS - 1));
        }

        /** The step's quantile q in ms: the upper edge of the bucket it falls in. */
        double quantileMs(int step, double q) {
            long n = 0;
            for (int b = 0; b < BUCKETS; b++) {
                n += counts.get(step * BUCKETS + b);
            }
            long seen = 0;
            for (int b = 0; b < BUCKETS; b++) {
                seen += counts.get(step * BUCKETS + b);
                if (n > 0 && seen >= q * n) {
                    return (Math.pow(2, (b + 1) / 8.0) - 1) / 1000;
                }
            }
            return 0;
        }
    }

    static final StepTimes stepTimes = new StepTimes();

    /** The state a thread keeps between requests: the growing cache and the replaced buffer. */
    static final class ThreadState {
        final List<byte[]> cache = new ArrayList<>();
        long cacheBytes;
        byte[] buffer;
    }

    record Config(int threads, boolean pooled, boolean virtual, int garbageKB, int dataKB, int cacheStepKB,
                  int cacheMaxKB, int stickyKB, int backendMs, int cpuUs, int durationS) {}

    public static void main(String[] args) throws Exception {
        Map<String, String> values = parseArgs(args);
        Config c = new Config(
                (int) number(values, "threads"),
                choice(values, "state", "pooled", "fresh").equals("pooled"),
                choice(values, "threads_kind", "platform", "virtual").equals("virtual"),
                (int) number(values, "garbage_kb"),
                (int) number(values, "data_kb"),
                (int) number(values, "cache_step_kb"),
                (int) number(values, "cache_max_kb"),
                (int) number(values, "sticky_kb"),
                (int) number(values, "backend_ms"),
                (int) number(values, "cpu_us"),
                (int) number(values, "duration_s"));

        Method unstarted = c.virtual() ? virtualThreadFactory() : null;
        Object builder = c.virtual() ? Thread.class.getMethod("ofVirtual").invoke(null) : null;

        perThread = new AtomicLongArray(c.threads());
        List<Thread> workers = new ArrayList<>(c.threads());
        for (int i = 0; i < c.threads(); i++) {
            final int worker = i;
            Runnable r = () -> work(c, worker);
            Thread t = c.virtual() ? (Thread) unstarted.invoke(builder, r) : new Thread(r, "worker-" + i);
            workers.add(t);
        }
        // The JVM's uptime at both ends of the measured window, in the clock of the GC log's
        // uptime decorations, so a reader can count only the GCs of the window (not those of
        // compiling this file or of the shutdown).
        long startUptime = ManagementFactory.getRuntimeMXBean().getUptime();
        long startCpu = processCpuNanos();
        Map<String, long[]> startSched = threadSchedule();
        long start = System.nanoTime();
        for (Thread t : workers) {
            t.start();
        }
        // Each worker's count at half time and at the end: whether a thread that ran ahead in the
        // first half stays ahead (a lasting unfairness) or not (requests of widely different lengths).
        Thread.sleep(c.durationS() * 500L);
        long[] half = counts(perThread);
        Thread.sleep(c.durationS() * 1000L - c.durationS() * 500L);
        long[] whole = counts(perThread);
        // The threads' schedule is read before the workers are told to stop: a worker that ends
        // leaves /proc, and read after the stop the slow walk of a thousand threads' files missed
        // most of them (143 of about 600 wake-ups in a 20-thread run, every worker in another).
        Map<String, long[]> endSched = threadSchedule();
        stop = true;
        long elapsed = System.nanoTime() - start;
        long done = requests.sum();
        long endUptime = ManagementFactory.getRuntimeMXBean().getUptime();
        long endCpu = processCpuNanos();
        for (Thread t : workers) {
            t.join();
        }
        double cpuSeconds = startCpu < 0 || endCpu < 0 ? -1 : (endCpu - startCpu) / 1e9;
        System.out.println(report(c, values, done, elapsed / 1e9, startUptime, endUptime, cpuSeconds,
                scheduleOver(startSched, endSched), spread(half, whole)));
    }

    /** The request loop of one worker (see the file's opening comment for the exact steps). */
    static void work(Config c, int worker) {
        ThreadState state = new ThreadState();
        while (!stop) {
            long began = System.nanoTime();
            if (!c.pooled()) {
                state = new ThreadState();
            }
            for (int i = 0; i < c.garbageKB(); i++) {
                sink = new byte[1024];
            }
            byte[] data = new byte[c.dataKB() * 1024];
            sink = data;
            long allocated = System.nanoTime();
            cpuWork(c.cpuUs());
            long spun = System.nanoTime();
            if (c.backendMs() > 0) {
                try {
                    Thread.sleep(c.backendMs());
                } catch (InterruptedException e) {
                    return;
                }
            }
            long woke = System.nanoTime();
            if (state.cacheBytes < c.cacheMaxKB() * 1024L && c.cacheStepKB() > 0) {
                byte[] step = new byte[c.cacheStepKB() * 1024];
                state.cache.add(step);
                state.cacheBytes += step.length;
            }
            state.buffer = new byte[c.stickyKB() * 1024];
            sink = state.buffer;
            // data is read after the wait, so it stays reachable for the whole request.
            sink = data;
            if (!stop) {
                requests.increment();
                perThread.incrementAndGet(worker);
                long ended = System.nanoTime();
                stepTimes.add(0, ended - began);
                stepTimes.add(1, allocated - began);
                stepTimes.add(2, woke - spun);
                stepTimes.add(3, ended - woke);
            }
        }
    }

    /**
     * The CPU time (user + system) all of this process's threads have used so far, in nanoseconds,
     * or -1 where the JVM does not report it. Over the measured window, divided by its wall time, it
     * is how many CPUs the JVM actually had: on a machine shared with other work, fewer than it sees.
     */
    static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /**
     * Every thread of this process as the Linux scheduler saw it so far, by thread id: its CPU time
     * and its time runnable but waiting for a CPU, in nanoseconds (/proc/self/task/TID/schedstat's
     * first two fields), and its name's index in the names list kept with it (from .../stat). Empty
     * where there is no /proc or no schedstat. Read twice, at the window's ends: cheap, unlike
     * sampling the threads' states.
     */
    static Map<String, long[]> threadSchedule() {
        Map<String, long[]> out = new LinkedHashMap<>();
        java.io.File[] tasks = new java.io.File("/proc/self/task").listFiles();
        if (tasks == null) {
            return out;
        }
        for (java.io.File t : tasks) {
            try {
                String stat = java.nio.file.Files.readString(t.toPath().resolve("stat"));
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                String[] f = java.nio.file.Files.readString(t.toPath().resolve("schedstat")).trim().split(" ");
                out.put(t.getName(), new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), threadGroup(name),
                        f.length > 2 ? Long.parseLong(f[2]) : -1, contextSwitches(t.toPath())});
            } catch (java.io.IOException | RuntimeException e) {
                // the thread ended between the listing and the read
            }
        }
        return out;
    }

    /**
     * The thread's context switches so far (nr_switches in /proc/self/task/TID/sched, voluntary and
     * not), or -1 where the kernel has no such file. Beside schedstat's third field, the number of
     * times the thread got a CPU, it checks that count: each time on a CPU ends in one switch.
     */
    static long contextSwitches(java.nio.file.Path task) {
        try {
            for (String line : java.nio.file.Files.readAllLines(task.resolve("sched"))) {
                if (line.startsWith("nr_switches")) {
                    return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            // no sched file (a kernel without scheduler debugging), or the thread ended
        }
        return -1;
    }

    /** Names the scheduler report groups threads by: the JVM's own by name, the workers as one. */
    static final List<String> GROUPS = new ArrayList<>();

    /** The index in GROUPS of the group a thread of this name belongs to. */
    static synchronized long threadGroup(String name) {
        String g = name.startsWith("worker-") ? "workers" : name;
        int i = GROUPS.indexOf(g);
        if (i < 0) {
            GROUPS.add(g);
            i = GROUPS.size() - 1;
        }
        return i;
    }

    /**
     * Per group of threads, the CPU seconds it used and the seconds its threads spent runnable but
     * waiting for a CPU between two readings (threads alive at the second), the number of times they
     * got a CPU and their context switches, as JSON members "group":[cpu_s,wait_s,runs,switches]
     * (the last two -1 where the kernel does not count them). Over the window's wall time the first
     * two are the mean number of the group's threads running and waiting: how many were runnable,
     * and how much of a CPU the marking threads got while they wanted one. The wait over the runs
     * is how long a thread made runnable waited for a CPU, on average: on a shared machine, much
     * more than a wake-up's cost.
     */
    static String scheduleOver(Map<String, long[]> start, Map<String, long[]> end) {
        Map<String, double[]> groups = new LinkedHashMap<>();
        for (Map.Entry<String, long[]> e : end.entrySet()) {
            // A thread born in the window (every worker: they start after the first reading)
            // had used nothing at its birth.
            long[] a = start.getOrDefault(e.getKey(), new long[3]);
            long[] b = e.getValue();
            double[] g = groups.computeIfAbsent(GROUPS.get((int) b[2]), k -> new double[4]);
            g[0] += (b[0] - a[0]) / 1e9;
            g[1] += (b[1] - a[1]) / 1e9;
            // Counts: -1 for the group once any thread's is unknown.
            for (int i = 3; i <= 4; i++) {
                boolean known = g[i - 1] >= 0 && b[i] >= 0 && (a.length <= i || a[i] >= 0);
                g[i - 1] = known ? g[i - 1] + b[i] - (a.length > i ? a[i] : 0) : -1;
            }
        }
        StringBuilder s = new StringBuilder();
        for (Map.Entry<String, double[]> e : groups.entrySet()) {
            s.append(s.length() == 0 ? "" : ",").append('"').append(e.getKey().replace("\\", "\\\\").replace("\"", "\\\""))
                    .append(String.format(Locale.ROOT, "\":[%.4f,%.4f,%d,%d]", e.getValue()[0], e.getValue()[1],
                            (long) e.getValue()[2], (long) e.getValue()[3]));
        }
        return s.toString();
    }

    /** The machine's load averages (/proc/loadavg's first three fields), or "" where there is none. */
    static String loadAverage() {
        try {
            String[] f = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim().split(" ");
            return f.length >= 3 ? f[0] + " " + f[1] + " " + f[2] : "";
        } catch (java.io.IOException | RuntimeException e) {
            return "";
        }
    }

    /** Spins for about us microseconds doing arithmetic the JIT cannot remove. */
    static void cpuWork(int us) {
        if (us <= 0) {
            return;
        }
        long end = System.nanoTime() + us * 1000L;
        long x = 0x9E3779B97F4A7C15L;
        do {
            for (int i = 0; i < 64; i++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
        } while (System.nanoTime() < end);
        cpuSink = x;
    }

    /**
     * Thread.Builder.unstarted(Runnable) found by reflection, so this file compiles and runs on JDKs
     * without virtual threads (JDK 17) and uses them where they exist (JDK 21+).
     */
    static Method virtualThreadFactory() {
        try {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            Method m = Class.forName("java.lang.Thread$Builder").getMethod("unstarted", Runnable.class);
            m.invoke(builder, (Runnable) () -> {});
            return m;
        } catch (NoSuchMethodException | ClassNotFoundException e) {
            return fail("threads_kind=virtual needs a JVM with virtual threads (JDK 21+); this is Java "
                    + System.getProperty("java.version") + ": use threads_kind=platform");
        } catch (InvocationTargetException | IllegalAccessException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return fail("threads_kind=virtual is not usable on Java " + System.getProperty("java.version")
                    + " (" + cause + "); on JDK 19-20 add --enable-preview, or use threads_kind=platform");
        }
    }

    static Map<String, String> parseArgs(String[] args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (Knob k : KNOBS) {
            values.put(k.name(), k.def());
        }
        for (String a : args) {
            if (a.equals("-h") || a.equals("--help") || a.equals("help")) {
                System.out.print(usage());
                System.exit(0);
            }
            int eq = a.indexOf('=');
            if (eq <= 0) {
                fail("argument \"" + a + "\" is not key=value");
            }
            String key = a.substring(0, eq);
            if (!values.containsKey(key)) {
                fail("unknown knob \"" + key + "\"");
            }
            values.put(key, a.substring(eq + 1));
        }
        return values;
    }

    static long number(Map<String, String> values, String name) {
        Knob k = KNOBS.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
        String v = values.get(name);
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            return fail(name + "=" + v + " is not a whole number; allowed " + k.min() + ".." + k.max());
        }
        if (n < k.min() || n > k.max()) {
            fail(name + "=" + v + " is out of range; allowed " + k.min() + ".." + k.max());
        }
        return n;
    }

    static String choice(Map<String, String> values, String name, String... allowed) {
        String v = values.get(name);
        for (String a : allowed) {
            if (a.equals(v)) {
                return v;
            }
        }
        return fail(name + "=" + v + " is not allowed; allowed " + String.join("|", allowed));
    }

    /** Prints the message and the usage text to stderr and exits 2; never returns. */
    static <T> T fail(String message) {
        System.err.println("GcLab: " + message);
        System.err.print(usage());
        System.exit(2);
        throw new AssertionError();
    }

    static String usage() {
        StringBuilder b = new StringBuilder("usage: java [JVM flags] GcLab.java [key=value ...]\nknobs:\n");
        for (Knob k : KNOBS) {
            b.append(String.format(Locale.ROOT, "  %-14s default %-9s %s%n", k.name(), k.def(), k.help()));
        }
        return b.toString();
    }

    static long[] counts(AtomicLongArray a) {
        long[] out = new long[a.length()];
        for (int i = 0; i < out.length; i++) {
            out[i] = a.get(i);
        }
        return out;
    }

    /** The p-th percentile of v (nearest rank below). */
    static long percentile(long[] v, double p) {
        long[] s = v.clone();
        java.util.Arrays.sort(s);
        return s.length == 0 ? 0 : s[(int) (p * (s.length - 1))];
    }

    /**
     * JSON fields on how the workers progressed: the requests each finished over the window
     * (percentiles over the workers), the correlation of each worker's count in the first half with
     * its count in the second (near 0: no thread stays ahead), and the steps' times (StepTimes).
     */
    static String spread(long[] half, long[] whole) {
        int n = whole.length;
        long[] second = new long[n];
        double ma = 0, mb = 0;
        for (int i = 0; i < n; i++) {
            second[i] = whole[i] - half[i];
            ma += half[i];
            mb += second[i];
        }
        ma /= Math.max(n, 1);
        mb /= Math.max(n, 1);
        double ab = 0, aa = 0, bb = 0;
        for (int i = 0; i < n; i++) {
            ab += (half[i] - ma) * (second[i] - mb);
            aa += (half[i] - ma) * (half[i] - ma);
            bb += (second[i] - mb) * (second[i] - mb);
        }
        double corr = aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
                ",\"requests_per_thread\":{\"p10\":%d,\"p50\":%d,\"p90\":%d,\"min\":%d,\"max\":%d,\"halves_correlation\":%.3f}",
                percentile(whole, 0.1), percentile(whole, 0.5), percentile(whole, 0.9), percentile(whole, 0),
                percentile(whole, 1), corr));
        b.append(",\"step_ms\":{");
        for (int st = 0; st < StepTimes.STEPS.length; st++) {
            b.append(st == 0 ? "" : ",").append('"').append(StepTimes.STEPS[st]).append("\":{");
            double[] qs = {0.5, 0.75, 0.9, 0.99};
            String[] names = {"p50", "p75", "p90", "p99"};
            for (int k = 0; k < qs.length; k++) {
                b.append(k == 0 ? "" : ",").append(String.format(Locale.ROOT, "\"%s\":%.3f", names[k],
                        stepTimes.quantileMs(st, qs[k])));
            }
            // The sum over every request, and the requests whose step took over 1 ms with their
            // sum: at the allocations after the sleep, the requests that waited on the heap lock.
            AtomicLongArray t = stepTimes.totals;
            b.append(String.format(Locale.ROOT, ",\"total_s\":%.3f,\"over_1ms\":%d,\"over_1ms_total_s\":%.3f",
                    t.get(st * 3) / 1e6, t.get(st * 3 + 1), t.get(st * 3 + 2) / 1e6));
            b.append('}');
        }
        return b.append('}').toString();
    }

    /** The result line: plain JSON built by hand (no library), numbers in the ROOT locale. */
    static String report(Config c, Map<String, String> values, long done, double seconds, long startUptimeMs,
                         long endUptimeMs, double cpuSeconds, String schedule, String spread) {
        StringBuilder b = new StringBuilder("{");
        b.append("\"requests\":").append(done);
        b.append(",\"throughput_rps\":").append(String.format(Locale.ROOT, "%.1f", done / seconds));
        b.append(",\"duration_s\":").append(String.format(Locale.ROOT, "%.3f", seconds));
        for (Knob k : KNOBS) {
            if (k.name().equals("duration_s")) {
                continue; // the measured duration above stands for it
            }
            String v = values.get(k.name());
            boolean numeric = k.max() > 0;
            b.append(",\"").append(k.name()).append("\":").append(numeric ? v : "\"" + v + "\"");
        }
        b.append(String.format(Locale.ROOT, ",\"window_start_uptime_s\":%.3f,\"window_end_uptime_s\":%.3f",
                startUptimeMs / 1e3, endUptimeMs / 1e3));
        if (cpuSeconds >= 0) {
            b.append(String.format(Locale.ROOT, ",\"process_cpu_s\":%.3f", cpuSeconds));
        }
        b.append(String.format(Locale.ROOT, ",\"loadavg\":\"%s\"", loadAverage()));
        if (!schedule.isEmpty()) {
            b.append(",\"threads_cpu_wait_s\":{").append(schedule).append('}');
        }
        b.append(spread);
        b.append(",\"java_version\":\"").append(System.getProperty("java.version")).append('"');
        b.append(",\"max_heap_mb\":").append(String.format(Locale.ROOT, "%.1f",
                Runtime.getRuntime().maxMemory() / 1048576.0));
        b.append(",\"collectors\":[");
        boolean first = true;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            b.append(first ? "" : ",").append("{\"name\":\"").append(gc.getName()).append("\",\"count\":")
                    .append(gc.getCollectionCount()).append(",\"time_ms\":").append(gc.getCollectionTime()).append('}');
            first = false;
        }
        b.append("]}");
        return b.toString();
    }
}
