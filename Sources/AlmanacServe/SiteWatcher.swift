import AlmanacCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Calls back when anything under some folders changes: inotify on Linux, watching every
/// folder below them (new folders are watched as they appear), and polling every half second
/// where inotify cannot be had. Changes that come together (an editor's save is several) are
/// told once, after a quiet tenth of a second.
final class SiteWatcher: @unchecked Sendable {
    private let folders: [String]
    private let onChange: @Sendable () -> Void
    private let queue = DispatchQueue(label: "almanac.watch")
    private var source: DispatchSourceRead?
    private var timer: DispatchSourceTimer?
    private var pending: DispatchWorkItem?
    private var descriptor: Int32 = -1
    private var watched: Set<String> = []
    private var snapshot: [String: String] = [:]
    /// How it watches, for the terminal: `inotify` or `polling`.
    private(set) var method = "inotify"

    static let quiet: DispatchTimeInterval = .milliseconds(100)

    init(folders: [String], onChange: @escaping @Sendable () -> Void) {
        self.folders = folders.filter { FileManager.default.fileExists(atPath: $0) }
        self.onChange = onChange
    }

    func start(forcePolling: Bool = false) {
        queue.sync {
            descriptor = forcePolling ? -1 : inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            if descriptor >= 0 {
                watchNewFolders()
                let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
                source.setEventHandler { [weak self] in self?.drain() }
                source.resume()
                self.source = source
            } else {
                method = "polling"
                snapshot = Self.snapshot(of: folders)
                let timer = DispatchSource.makeTimerSource(queue: queue)
                timer.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500))
                timer.setEventHandler { [weak self] in self?.poll() }
                timer.resume()
                self.timer = timer
            }
        }
    }

    func stop() {
        queue.sync {
            source?.cancel()
            timer?.cancel()
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }

    private func drain() {
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
        let now = Self.snapshot(of: folders)
        guard now != snapshot else { return }
        snapshot = now
        schedule()
    }

    private func schedule() {
        pending?.cancel()
        let work = DispatchWorkItem { [onChange] in onChange() }
        pending = work
        queue.asyncAfter(deadline: .now() + Self.quiet, execute: work)
    }

    private func watchNewFolders() {
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF)
        for folder in Self.folders(under: folders) where !watched.contains(folder) {
            if inotify_add_watch(descriptor, folder, mask) >= 0 { watched.insert(folder) }
        }
    }

    /// Every folder at or below `roots`, not following links out of them.
    static func folders(under roots: [String]) -> [String] {
        var found: [String] = []
        for root in roots {
            found.append(root)
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let name = walker.nextObject() as? String {
                var isDirectory: ObjCBool = false
                let path = Path.join(root, name)
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { found.append(path) }
            }
        }
        return found
    }

    /// Each file's size and modification time, for polling.
    static func snapshot(of roots: [String]) -> [String: String] {
        var files: [String: String] = [:]
        for root in roots {
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let name = walker.nextObject() as? String {
                if DiskFileSystem.isTemporaryEditFile(Path.fileName(of: name)) { continue }
                let path = Path.join(root, name)
                var information = stat()
                if stat(path, &information) == 0 {
                    files[path] = "\(information.st_size):\(information.st_mtim.tv_sec).\(information.st_mtim.tv_nsec)"
                }
            }
        }
        return files
    }
}
