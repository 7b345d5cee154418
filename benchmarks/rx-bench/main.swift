// Benchmarks of the reactive core, in the shapes of RxSwift's own benchmark suite.
// Run with: swift run -c release rx-bench [--quick]
// Figures are ns per event or per operation; the best of several rounds is kept,
// and everything is compared with a baseline measured in the same run, because
// these machines are noisy.

runBenchmarks()
