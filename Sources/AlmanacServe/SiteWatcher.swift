import AlmanacCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Calls back when anything under some folders changes: inotify on Linux, watching every
/// folder below them (new folders are watched as they appear), and polling every half second
/// where inotify cannot be had. Changes that come together (an editor's save is several) are
/// told once, after a quiet tenth of a second.
final class SiteWatcher: Sendable {
    private let folders: [String]
    private let onChange: @Sendable () -> Void
    private let fileSystem: any FileSystem
    private let queue = DispatchQueue(label: "almanac.watch")

    /// What the watcher holds while it runs, changed on its queue.
    private struct State {
        var source: DispatchSourceRead?
        var timer: DispatchSourceTimer?
        var pending: DispatchWorkItem?
        var descriptor: Int32 = -1
        var watched: Set<String> = []
        var snapshot: [String: String] = [:]
        var method = "inotify"
    }

    private let state = Locked(State())

    /// How it watches, for the terminal: `inotify` or `polling`.
    var method: String { state.withLock { $0.method } }

    static let quiet: DispatchTimeInterval = .milliseconds(100)

    init(folders: [String], fileSystem: any FileSystem = DiskFileSystem(), onChange: @escaping @Sendable () -> Void) {
        self.fileSystem = fileSystem
        self.folders = folders.filter { fileSystem.exists($0) }
        self.onChange = onChange
    }

    func start(forcePolling: Bool = false) {
        queue.sync {
            let descriptor = forcePolling ? -1 : inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            // Sources are made and started under the lock that then holds them.
            guard descriptor >= 0 else {
                let snapshot = Self.snapshot(of: folders, fileSystem: fileSystem)
                state.withLock { [queue] state in
                    state.method = "polling"
                    state.snapshot = snapshot
                    let timer = DispatchSource.makeTimerSource(queue: queue)
                    timer.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500))
                    timer.setEventHandler { [weak self] in self?.poll() }
                    timer.resume()
                    state.timer = timer
                }
                return
            }
            state.withLock { $0.descriptor = descriptor }
            watchNewFolders()
            state.withLock { [queue] state in
                let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
                source.setEventHandler { [weak self] in self?.drain() }
                source.resume()
                state.source = source
            }
        }
    }

    func stop() {
        queue.sync {
            state.withLock { state in
                state.source?.cancel()
                state.timer?.cancel()
                state.pending?.cancel()
                if state.descriptor >= 0 { close(state.descriptor) }
                state.descriptor = -1
            }
        }
    }

    private func drain() {
        let descriptor = state.withLock { $0.descriptor }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var changed = false
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            if Self.changesSomething(buffer[..<count]) { changed = true }
        }
        guard changed else { return }
        watchNewFolders()
        schedule()
    }

    /// Whether a run of inotify events names anything but an edit's temporary file. `almanac
    /// add` writes one, syncs it to the disk and renames it over the data file; on a busy disk
    /// the sync outlasted the quiet tenth of a second, and the site was rebuilt from the old
    /// file (and the browser told to reload) before the new one was in place.
    static func changesSomething(_ events: ArraySlice<UInt8>) -> Bool {
        // Each event: four 32-bit fields (watch, mask, cookie, length of the name), then the
        // name, padded with NULs to that length.
        let header = 16
        var offset = events.startIndex
        while offset + header <= events.endIndex {
            let length = Int(events[(offset + 12)..<(offset + 16)].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
            let nameBytes = events[(offset + header)..<min(events.endIndex, offset + header + length)].prefix { $0 != 0 }
            if nameBytes.isEmpty || !DiskFileSystem.isTemporaryEditFile(String(decoding: nameBytes, as: UTF8.self)) { return true }
            offset += header + length
        }
        return false
    }

    private func poll() {
        let now = Self.snapshot(of: folders, fileSystem: fileSystem)
        let changed = state.withLock { state in
            defer { state.snapshot = now }
            return now != state.snapshot
        }
        if changed { schedule() }
    }

    private func schedule() {
        state.withLock { [queue, onChange] state in
            state.pending?.cancel()
            let work = DispatchWorkItem { onChange() }
            queue.asyncAfter(deadline: .now() + Self.quiet, execute: work)
            state.pending = work
        }
    }

    private func watchNewFolders() {
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF)
        let found = Self.folders(under: folders, fileSystem: fileSystem)
        state.withLock { state in
            for folder in found where !state.watched.contains(folder) {
                if inotify_add_watch(state.descriptor, folder, mask) >= 0 { state.watched.insert(folder) }
            }
        }
    }

    /// Every folder at or below `roots`, each once: a link to a folder is listed, and not
    /// followed again where it leads back to one already seen.
    static func folders(under roots: [String], fileSystem: any FileSystem) -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        var pending = roots
        while let folder = pending.popLast() {
            guard seen.insert(fileSystem.resolved(folder)).inserted else { continue }
            found.append(folder)
            for name in (try? fileSystem.contents(ofDirectory: folder)) ?? [] {
                let path = Path.join(folder, name)
                if fileSystem.isDirectory(path) { pending.append(path) }
            }
        }
        return found.sorted()
    }

    /// Each file's size and modification time, for polling. Times are the disk's alone, which
    /// the `FileSystem` seam does not model: read with `stat`.
    static func snapshot(of roots: [String], fileSystem: any FileSystem) -> [String: String] {
        var files: [String: String] = [:]
        for folder in folders(under: roots, fileSystem: fileSystem) {
            for name in (try? fileSystem.contents(ofDirectory: folder)) ?? [] where !DiskFileSystem.isTemporaryEditFile(name) {
                let path = Path.join(folder, name)
                var information = stat()
                if !fileSystem.isDirectory(path), stat(path, &information) == 0 {
                    files[path] = "\(information.st_size):\(information.st_mtim.tv_sec).\(information.st_mtim.tv_nsec)"
                }
            }
        }
        return files
    }
}
