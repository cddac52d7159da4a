// Package gclog reads HotSpot's unified GC logging (JDK 9 and later: -Xlog:gc, -Xlog:gc*, with any
// decorators) and turns it into events and a summary.
//
// Vocabulary, used the same way in every file:
//
//   - line: one line of the log, numbered from 1.
//   - decorations: the bracketed prefix HotSpot writes before a message, chosen by -Xlog's third
//     part: uptime ("[1.234s]", "[1234ms]", "[1234ns]"), wall-clock time ("[2024-05-01T10:00:00.123+0000]",
//     "[1714557600123ms]"), level ("[info]"), tags ("[gc,heap   ]"), pid, tid, hostname — or none.
//   - GC id: the n of "GC(n)", HotSpot's number for one collection; every line of that collection
//     carries it, so the lines of one GC can be joined even when other lines come between them.
//   - event: one collection (young, mixed, Full, G1's remark or cleanup, a concurrent cycle) or one
//     pause of a concurrent collector, as it is known once its summary line has been read.
//   - generation: a space of the heap as the gc+heap lines report it (PSYoungGen and ParOldGen for
//     Parallel, DefNew and Tenured for Serial, G1's eden, survivor, old and humongous regions).
//   - summary: numbers over the whole log (counts by kind and cause, pause statistics, allocation
//     and promotion rates, old gen after Full GC).
//
// The core parser takes bytes line by line (Parser) or an io.Reader (Parse); it uses no clock, no
// file system and no goroutines, so it runs the same natively and in WebAssembly. Anything the
// parser does not recognise is counted, never fatal; input that cannot be a GC log (binary data,
// an overlong line, nothing at all, JDK 8's -XX:+PrintGCDetails format) is refused with an error
// that names the line and says what is expected.
package gclog
