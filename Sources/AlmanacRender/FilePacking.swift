/// Small things written to shared files, in order: the search's small shards (a page of rows
/// a file) and its lists of near words (a few hundred words a file). One rule for both, so
/// that the browser, which reads the file numbers from the manifest, meets one shape.
enum FilePacking {
    /// The file of each item of `sizes`, numbered from 0 in order: the next item goes to a new
    /// file when it would take the current one past `capacity`, or when `startsFile(index)`
    /// says so. An item larger than `capacity` has a file to itself.
    static func inOrder(_ sizes: [Int], capacity: Int, startsFile: (Int) -> Bool = { _ in false }) -> [Int] {
        var files: [Int] = []
        var current = -1
        var inCurrent = 0
        for (index, size) in sizes.enumerated() {
            if current < 0 || inCurrent + size > capacity || startsFile(index) {
                current += 1
                inCurrent = 0
            }
            inCurrent += size
            files.append(current)
        }
        return files
    }
}
