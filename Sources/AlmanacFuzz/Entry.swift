#if FUZZING
/// libFuzzer's entry: the target named by `ALMANAC_FUZZ` (csv, tsv, json, …) gets each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzRun.target(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The executable's entry under SwiftPM's name for it: it hands over to libFuzzer's driver, so
/// libFuzzer's own `main` is never linked beside it.
@_cdecl("AlmanacFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
#else
import Foundation

/// Without libFuzzer: `almanac-fuzz TARGET FILE…` runs a target over saved inputs (a crash's
/// input, or a corpus), so a finding is replayed and kept as a regression case.
@main
struct Replay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTargets.all[name] else {
            print("usage: almanac-fuzz TARGET FILE…   targets: \(FuzzTargets.all.keys.sorted().joined(separator: ", "))")
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            target([UInt8](data))
        }
        print("ran \(arguments.count - 1) input\(arguments.count == 2 ? "" : "s") through \(name)")
    }
}
#endif
