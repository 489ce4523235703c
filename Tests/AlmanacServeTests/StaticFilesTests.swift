import AlmanacCore
@testable import AlmanacServe
import Foundation
import Testing
import AlmanacTestSupport

@Suite struct StaticFilesTests {
    @Test func pathsResolveOnlyInsideTheFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("home", to: "site/index.html")
        try folder.write("birds", to: "site/birds/index.html")
        try folder.write("spaced", to: "site/a b.html")
        try folder.write("no", to: "secret.txt")
        let site = folder.path("site")
        try FileManager.default.createSymbolicLink(atPath: site + "/out", withDestinationPath: folder.root)
        let files = StaticFiles(root: site)
        #expect(files.lookup("/") == .file(path: files.root + "/index.html"))
        #expect(files.lookup("/birds") == .redirect(location: "/birds/"))
        #expect(files.lookup("/birds/?q=x") == .file(path: files.root + "/birds/index.html"))
        #expect(files.lookup("/a%20b.html") == .file(path: files.root + "/a b.html"))
        for bad in ["/../secret.txt", "/%2e%2e/secret.txt", "/birds/%2E%2E/%2e%2e/secret.txt", "/a%00.html", "/%zz", "//x", "/a\\..\\b", "x"] {
            #expect(files.lookup(bad) == .badRequest, "\(bad)")
        }
        #expect(files.lookup("/out/secret.txt") == .notFound, "a link out of the folder is not followed")
        #expect(files.lookup("/missing.html") == .notFound)
    }

    /// `/countries` is the page `countries.html`, as static hosts answer it, even beside the
    /// folder of its detail pages; a folder with a page of its own is still that page.
    @Test func anAddressWithoutHTMLIsThePageOfThatName() throws {
        let folder = try TemporaryFolder()
        try folder.write("list", to: "site/countries.html")
        try folder.write("norway", to: "site/countries/norway.html")
        try folder.write("about", to: "site/about.html")
        try folder.write("birds", to: "site/birds/index.html")
        try folder.write("birds page", to: "site/birds.html")
        let files = StaticFiles(root: folder.path("site"))
        #expect(files.lookup("/countries") == .file(path: files.root + "/countries.html"))
        #expect(files.lookup("/countries?q=no") == .file(path: files.root + "/countries.html"))
        #expect(files.lookup("/countries/norway") == .file(path: files.root + "/countries/norway.html"))
        #expect(files.lookup("/about") == .file(path: files.root + "/about.html"))
        #expect(files.lookup("/birds") == .redirect(location: "/birds/"), "a folder with its own page keeps it")
        #expect(files.lookup("/countries/") == .notFound, "a folder without a page is not listed")
        #expect(files.lookup("/nothing") == .notFound)
    }

    /// While a build finishes, its staging folder holds what changed: a file there is answered
    /// from it, any other from the output, and a path is still only ever inside one of them.
    @Test func aStagingFolderIsAnsweredFromOverTheOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write("old home", to: "site/index.html")
        try folder.write("old bird", to: "site/birds/owl.html")
        try folder.write("kept bird", to: "site/birds/wren.html")
        try folder.write("new home", to: "staging/index.html")
        try folder.write("new bird", to: "staging/birds/owl.html")
        try folder.write("no", to: "secret.txt")
        let files = StaticFiles(root: folder.path("site"))
        let staging = folder.path("staging")
        let overlay = FileManager.default.fileExists(atPath: staging) ? URL(fileURLWithPath: staging).resolvingSymlinksInPath().path : staging
        #expect(files.lookup("/", overlay: staging) == .file(path: overlay + "/index.html"))
        #expect(files.lookup("/birds/owl.html", overlay: staging) == .file(path: overlay + "/birds/owl.html"))
        #expect(files.lookup("/birds/wren.html", overlay: staging) == .file(path: files.root + "/birds/wren.html"))
        #expect(files.lookup("/birds", overlay: staging) == .redirect(location: "/birds/"))
        #expect(files.lookup("/../secret.txt", overlay: staging) == .badRequest)
        #expect(files.lookup("/gone.html", overlay: staging) == .notFound)
    }

    @Test(arguments: [
        ("bytes=0-9", ByteRange.part(0..<10)), ("bytes=90-", .part(90..<100)), ("bytes=-5", .part(95..<100)),
        ("bytes=95-200", .part(95..<100)), ("bytes=100-", .unsatisfiable), ("bytes=0-1,5-6", .whole), ("items=1-2", .whole),
    ])
    func rangesAreReadAgainstTheSize(header: String, range: ByteRange) {
        #expect(ByteRange(header: header, size: 100) == range)
    }

    @Test func theReloadClientGoesBeforeTheBodyEnds() {
        let page = Array("<html><body><p>x</p></body></html>\n".utf8)
        let served = String(decoding: ReloadClient.inject(into: page), as: UTF8.self)
        #expect(served == "<html><body><p>x</p><script src=\"/__almanac/reload.js\" data-events=\"/__almanac/events\" defer=\"defer\"></script>\n</body></html>\n")
    }

    /// The reload client is an asset of its own under `Templates/serve/`, embedded in the
    /// binary, and it takes the event stream's address from the tag that loads it.
    @Test func theReloadClientIsTheEmbeddedAsset() {
        let script = String(decoding: ReloadClient.script, as: UTF8.self)
        #expect(script.contains("new EventSource(document.currentScript.dataset.events)"))
        #expect(!script.contains(ReloadClient.events), "the address is given once, by the server")
    }
}
