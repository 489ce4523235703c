#if FUZZING
import Foundation

/// The target a fuzzing run feeds, chosen once from `ALMANAC_FUZZ`.
enum FuzzRun {
    static let target: @Sendable ([UInt8]) -> Void = {
        let name = ProcessInfo.processInfo.environment["ALMANAC_FUZZ"] ?? ""
        guard let target = FuzzTargets.all[name] else {
            fatalError("ALMANAC_FUZZ names no target; one of: \(FuzzTargets.all.keys.sorted().joined(separator: ", "))")
        }
        return target
    }()
}
#endif
