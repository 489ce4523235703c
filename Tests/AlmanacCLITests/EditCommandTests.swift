import AlmanacCLI
import AlmanacCore
import AlmanacTestSupport
import Testing

@Suite struct EditCommandTests {
    /// The page that reads a file says how: here a friends list keyed by name.
    static func site() -> MemoryFileSystem {
        MemoryFileSystem([
            "Content/friends.md": "---\ndata: friends.json\nkey: name\ncolumns: [email, phone]\n---\n",
            "Content/friends.json": "{\n  \"Ann\": [\"a@x\", \"555\"]\n}\n",
        ])
    }

    @Test func addUsesThePageThatReadsTheFile() {
        let files = Self.site()
        let captured = AlmanacCommandTests.Captured()
        let status = AlmanacCommand(fileSystem: files).run(["add", "Content/friends.json", "name=Bob", "email=b@x", "phone=02134"], output: captured.output)
        #expect(status == .success, "\(captured.error)")
        #expect(captured.standard == ["Added 1 record to Content/friends.json"])
        #expect(files.text("Content/friends.json") == "{\n  \"Ann\": [\"a@x\", \"555\"],\n  \"Bob\": [\"b@x\", \"02134\"]\n}\n")
    }

    @Test func removeByPageWithADryRunFirst() {
        let files = Self.site()
        let preview = AlmanacCommandTests.Captured()
        let status = AlmanacCommand(fileSystem: files).run(["remove", "--page", "Content/friends.md", "--where", "name=Ann", "--dry-run"], output: preview.output)
        #expect(status == .success, "\(preview.error)")
        #expect(preview.standard.first?.contains("-  \"Ann\": [\"a@x\", \"555\"]") == true)
        #expect(preview.standard.last == "Would remove 1 record; nothing was written")
        #expect(files.text("Content/friends.json")?.contains("Ann") == true)
        let done = AlmanacCommandTests.Captured()
        #expect(AlmanacCommand(fileSystem: files).run(["remove", "--page", "Content/friends.md", "name=Ann", "--quiet"], output: done.output) == .success)
        #expect(files.text("Content/friends.json") == "{}\n")
    }

    @Test func mistakesExitOneAndChangeNothing() {
        let files = Self.site()
        let captured = AlmanacCommandTests.Captured()
        #expect(AlmanacCommand(fileSystem: files).run(["add", "Content/friends.json", "name=Ann", "email=z"], output: captured.output) == .failure)
        #expect(captured.error.first?.contains("error: the file already has a record 'Ann'") == true)
        #expect(AlmanacCommand(fileSystem: files).run(["remove", "Content/friends.json"], output: captured.output) == .usage)
        #expect(files.text("Content/friends.json") == "{\n  \"Ann\": [\"a@x\", \"555\"]\n}\n")
    }
}

/// `add` and `remove` find a file's page as the build does, boundary and all: an edit made for
/// a page that will not build says so.
@Suite struct EditBoundaryTests {
    static func site(settings: String = "") -> MemoryFileSystem {
        InlineSite.fileSystem("""
            -- Content/almanac.yaml --
            title: T
            \(settings)
            -- Content/birds.md --
            ---
            title: Birds
            data: ../outside/birds.csv
            ---
            -- outside/birds.csv --
            name
            Wren
            """)
    }

    @Test func anEditToAFileTheBuildRefusesWarnsAndNamesThePage() {
        let files = Self.site()
        let captured = AlmanacCommandTests.Captured()
        let status = AlmanacCommand(fileSystem: files).run(["add", "outside/birds.csv", "name=Robin"], output: captured.output)
        #expect(status == .success, "a file named on the command line may still be edited")
        #expect(captured.error.first?.hasPrefix(
            "Content/birds.md:3:1: warning: the data file '../outside/birds.csv' is outside the site, so birds.md will not build with it") == true,
            "\(captured.error)")
        #expect(captured.error.first?.contains("allow_outside") == true)
        #expect(files.text("outside/birds.csv") == "name\nWren\nRobin\n")
    }

    @Test func underStrictTheEditIsRefusedAndTheFileKept() {
        let files = Self.site()
        let captured = AlmanacCommandTests.Captured()
        let status = AlmanacCommand(fileSystem: files).run(["remove", "outside/birds.csv", "--where", "name=Wren", "--strict"], output: captured.output)
        #expect(status == .failure)
        #expect(captured.error.first?.hasPrefix("Content/birds.md:3:1: error: the data file '../outside/birds.csv' is outside the site") == true, "\(captured.error)")
        #expect(files.text("outside/birds.csv") == "name\nWren\n")
    }

    @Test func aFolderTheSiteAllowsGivesNoWarning() {
        let files = Self.site(settings: "allow_outside: [../outside]")
        let captured = AlmanacCommandTests.Captured()
        #expect(AlmanacCommand(fileSystem: files).run(["add", "outside/birds.csv", "name=Robin", "--strict"], output: captured.output) == .success)
        #expect(captured.error.isEmpty, "\(captured.error)")
    }

    /// `--page` naming the site's page is the same page: the same warning.
    @Test func aPageNamedByHandIsCheckedToo() {
        let files = Self.site()
        let captured = AlmanacCommandTests.Captured()
        #expect(AlmanacCommand(fileSystem: files).run(["add", "--page", "Content/birds.md", "name=Robin", "--quiet"], output: captured.output) == .success)
        #expect(captured.error.first?.contains("warning: the data file '../outside/birds.csv' is outside the site") == true, "\(captured.error)")
    }
}

/// A page whose records sit under a key (`records:`) is edited there; where the editors cannot
/// follow, the edit is refused at the setting rather than made somewhere else.
@Suite struct EditRecordsPathTests {
    static func run(_ arguments: [String], _ files: MemoryFileSystem) -> (AlmanacCLI.ExitStatus, AlmanacCommandTests.Captured) {
        let captured = AlmanacCommandTests.Captured()
        return (AlmanacCommand(fileSystem: files).run(arguments, output: captured.output), captured)
    }

    @Test func recordsUnderATopLevelKeyAreEditedThere() {
        let files = MemoryFileSystem([
            "Content/c.md": "---\ndata: c.json\nrecords: 3166-1\n---\n",
            "Content/c.json": "{\"3166-1\": [\n  {\"name\": \"Aruba\"}\n]}\n",
        ])
        let (status, captured) = Self.run(["add", "Content/c.json", "name=Chile"], files)
        #expect(status == .success, "\(captured.error)")
        #expect(files.text("Content/c.json") == "{\"3166-1\": [\n  {\"name\": \"Aruba\"},\n  {\"name\": \"Chile\"}\n]}\n")
    }

    @Test(arguments: [
        ("records: data.items", #"{"data": {"items": [{"name": "A"}]}}"#, "add and remove edit a list at the top of the file or under one of its keys; 'data.items' lies deeper"),
        ("records: items", #"{"version": 2, "items": [{"name": "A"}]}"#, "add and remove edit the records under 'items' only in a file whose every top-level value is a list"),
    ])
    func recordsTheEditorsCannotReachAreRefusedAtTheSetting(setting: String, data: String, message: String) {
        let files = MemoryFileSystem(["Content/c.md": "---\ndata: c.json\n\(setting)\n---\n", "Content/c.json": data])
        let (status, captured) = Self.run(["add", "Content/c.json", "name=B"], files)
        #expect(status == .failure)
        #expect(captured.error.first?.hasPrefix("Content/c.md:3:1: error: " + message + "\n") == true)
        #expect(files.text("Content/c.json") == data)
    }
}

/// A TSV file is edited as it is read: no quotes, its comments and header-less rows kept.
@Suite struct EditTableTests {
    static func files() -> MemoryFileSystem {
        MemoryFileSystem([
            "Content/zones.md": "---\ndata: zone1970.tab\ncomment: \"#\"\ncolumns: [codes, TZ, comments]\nshort_rows: empty\nlabel: TZ\n---\n",
            "Content/zone1970.tab": "# tzdb\nAD\tEurope/Andorra\n",
        ])
    }

    @Test func anAddedRowIsWrittenWithoutQuotesAfterTheLastRow() {
        let files = Self.files()
        let (status, captured) = EditRecordsPathTests.run(["add", "Content/zone1970.tab", "codes=AQ", "TZ=Antarctica/Casey", "comments=\"Casey\" station"], files)
        #expect(status == .success, "\(captured.error)")
        #expect(files.text("Content/zone1970.tab") == "# tzdb\nAD\tEurope/Andorra\nAQ\tAntarctica/Casey\t\"Casey\" station\n")
    }

    @Test func aValueATSVCannotHoldIsRefused() {
        let files = Self.files()
        let (status, captured) = EditRecordsPathTests.run(["add", "Content/zone1970.tab", "codes=AQ", "TZ=A\tB"], files)
        #expect(status == .failure)
        #expect(captured.error.first?.contains("'TZ' holds a tab or a line break, which a TSV value cannot") == true)
        #expect(files.text("Content/zone1970.tab") == "# tzdb\nAD\tEurope/Andorra\n")
    }
}
