import Foundation
import NavStressKit

#if canImport(Glibc) && canImport(CMalloc)
import CMalloc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())

#if canImport(Glibc) && canImport(CMalloc)
// glibc makes a thread's malloc arena writable as it grows, by what each allocation needs: a
// page at a time, an `mprotect` per page. `navstress explore` on GoMap's main storyboard made
// 11,166 of them (strace -c), and with two workers each one takes the process's memory-map
// lock against the other worker's page faults. An arena's heap is reserved 64 MiB at a time;
// with a 64 MiB top pad it is made writable whole when it is made (a few dozen calls in all).
// Pages are still committed only when first touched, but what is freed stays with the process,
// and `run` reads its resident memory (100,000 idle windows: +6 MiB with the pad): explore
// alone is padded. Measured on `explore GOMAP --depth 12 --workers 2`, 11 paired runs (the same
// pad as GLIBC_TUNABLES): +7% transitions/s.
if arguments.first == "explore" || arguments.prefix(2) == ["bench", "explore"] {
    _ = mallopt(M_TOP_PAD, 64 << 20)
}
#endif

// The process ends right after: see `endsProcess`.
exit(await NavStress.main(arguments, endsProcess: true))
