// Package view decides what the playground draws: it turns a simulator
// snapshot (and the events drained since the previous tick) into a display
// list of rectangles, lines, circles and text runs for a canvas of a given
// size. It never imports Ebiten and never changes the model, so layout,
// colours and level of detail are plain functions a native test can check
// without a GPU; package game only rasterises the list.
//
// Vocabulary:
//
//   - Canvas: the whole picture, in device pixels. It holds a header (time,
//     speed, run state), one or more sides and a legend.
//   - Side: the picture of one simulator. Compare mode lays out two or
//     three sides on the same canvas, lock-stepped on one virtual clock.
//   - Lane: one carrier (ForkJoinPool-1-worker-N) with the virtual thread
//     mounted on it; for workloads without virtual threads, one CPU.
//   - Token: a thread drawn as a small box; Block: a StackChunk drawn as a
//     small box whose width grows with its capacity.
//   - Density: when a group has more members than fit as tokens, each cell
//     stands for several members and the exact count is written beside it.
//   - Motion: short tick-counted animations (a token flying from a lane to
//     its parking group, a block flying into eden, a GC sweep). Motion is
//     decoration on top of the true state, never a replacement for it: at
//     fast speeds it is skipped and the picture is still exact.
//
// Time inside the package is an abstract tick (one per Update); nothing
// here reads the wall clock.
package view
