import AlmanacCore
import AlmanacRender
import AlmanacWrite

/// Writes a unit's files into the target, but links from the previous output each file whose
/// bytes fingerprint as the last build's did. The search data of a page whose data changed is
/// made again whole; of its hundreds of shard files, only those that hold a changed row's
/// words come out different, and only they are written.
final class ReusingSink: ArtifactSink {
    let staging: any OutputTarget
    /// The fingerprint of each file's bytes in the previous output.
    let previous: [String: String]
    /// The fingerprint of each file written or kept, for the next build.
    private(set) var keys: [String: String] = [:]
    /// How many files were linked rather than written.
    private(set) var reused = 0

    init(staging: any OutputTarget, previous: [String: String]) {
        self.staging = staging
        self.previous = previous
    }

    func write(_ artifact: Artifact) throws {
        let key = ContentHash.fingerprint([artifact.bytes])
        keys[artifact.path] = key
        if previous[artifact.path] == key, try staging.reuse(artifact.path) {
            reused += 1
            return
        }
        try staging.write(artifact)
    }

    /// Streamed files are too large to hold and compare: always written.
    func write(_ path: String, _ produce: (_ append: ([UInt8]) throws -> Void) throws -> Void) throws {
        try staging.write(path, produce)
    }
}
