/// How `almanac` ends: the numbers scripts and CI branch on.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// Bad input or a failed build.
    case failure = 1
    /// The command line itself was wrong.
    case usage = 2
}
