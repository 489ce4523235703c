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
