@testable import AlmanacCLI
import AlmanacModel
import AlmanacCore
import AlmanacTestSupport
import Testing

@Suite struct CommandLineParserTests {
    @Test func noArgumentsMeansBuild() throws {
        #expect(try CommandLineParser.parse([]).command == "build")
        #expect(try CommandLineParser.parse(["--quiet"]).flags == ["--quiet"])
    }

    @Test func optionsTakeValuesInBothSpellings() throws {
        let parsed = try CommandLineParser.parse(["build", "--content", "site", "--output=public", "--strict"])
        #expect(parsed.values == ["--content": "site", "--output": "public"])
        #expect(parsed.flags == ["--strict"])
    }

    @Test func renderTakesOneDataFile() throws {
        let parsed = try CommandLineParser.parse(["render", "r.csv", "--group-by", "none", "--format", "md"])
        #expect(parsed.positional == ["r.csv"])
        #expect(parsed.values["--group-by"] == "none")
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["build", "--nope"], "unknown option '--nope' for 'build'"),
        (["build", "--output"], "'--output' needs a value (DIR)"),
        (["build", "extra"], "unexpected argument 'extra' for 'build'"),
        (["render"], "'render' needs DATAFILE"),
        (["render", "a.csv", "--page"], "'--page' needs a value (PAGE.md)"),
        (["check", "--strict=yes"], "'--strict' takes no value"),
        (["check", "--output", "x"], "unknown option '--output' for 'check'"),
    ])
    func badUsageSaysWhatIsWrong(arguments: [String], message: String) {
        do {
            _ = try CommandLineParser.parse(arguments)
            Issue.record("expected a usage error")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test(arguments: [
        (["serve", "--port", "http"], "almanac: error: --port http: not a value it takes", "  hint: a port number from 0 to 65535 (0: any free one)"),
        (["render", "r.csv", "--format", "pdf"], "almanac: error: --format pdf: not a value it takes", "  hint: choose from html, md, json, csv, ndjson"),
        (["remove", "r.csv"], "almanac: error: 'remove' needs --where FIELD=VALUE", "  hint: run 'almanac help remove' for its options"),
    ])
    func optionValuesAreCheckedBeforeAnythingRuns(arguments: [String], first: String, hint: String) {
        let captured = AlmanacCommandTests.Captured()
        #expect(AlmanacCommand(fileSystem: MemoryFileSystem()).run(arguments, output: captured.output) == .usage)
        #expect(captured.error == [first + "\n" + hint])
    }

    /// Each command's help, the manual page and every shell's completions name every option
    /// of the table the parser reads, and the overview every command.
    @Test func helpManualAndCompletionsListEveryOptionFromTheTables() throws {
        let manual = CommandHelp.manual(version: AlmanacCommand.version)
        let scripts = try ShellCompletions.shells.map { try #require(ShellCompletions.script(for: $0)) }
        for command in CommandLineParser.commands {
            #expect(CommandHelp.overview.contains("  \(command.name) "))
            #expect(manual.contains("\\fBalmanac " + CommandHelp.roff(command.name)))
            for script in scripts { #expect(script.contains(command.name), "\(command.name)") }
            let usage = CommandHelp.usage(command)
            #expect(usage.hasPrefix("usage: almanac \(command.name)"))
            for option in command.options {
                #expect(usage.contains("  " + option.name + " "), "\(command.name) \(option.name)")
                #expect(manual.contains(".TP\n\\fB" + CommandHelp.roff(option.name) + "\\fR"), "\(option.name) in the manual")
                #expect(scripts[0].contains("\"\(command.name) \(option.name)\")") || scripts[0].contains(option.name), "bash: \(option.name)")
                #expect(scripts[1].contains("'*" + option.name + "["), "zsh: \(command.name) \(option.name)")
                #expect(scripts[2].contains("__fish_seen_subcommand_from \(command.name)' -l " + option.name.dropFirst(2)), "fish: \(option.name)")
            }
        }
        for setting in Setting.all { #expect(manual.contains("\\fB" + CommandHelp.roff(setting.key) + ":\\fR"), "\(setting.key) in the manual") }
    }

    @Test func aCommandsHelpIsItsUsageAndOptionsOnly() throws {
        for arguments in [["help", "build"], ["build", "--help"], ["build", "-h"]] {
            let captured = AlmanacCommandTests.Captured()
            #expect(AlmanacCommand(fileSystem: MemoryFileSystem()).run(arguments, output: captured.output) == .success)
            let text = captured.standard.joined(separator: "\n")
            #expect(text.hasPrefix("usage: almanac build [OPTIONS]"), "\(arguments)")
            #expect(text.contains("--base-url") && !text.contains("--port") && !text.contains("--where"), "\(arguments)")
        }
        let captured = AlmanacCommandTests.Captured()
        #expect(AlmanacCommand(fileSystem: MemoryFileSystem()).run(["--help"], output: captured.output) == .success)
        let overview = captured.standard.joined(separator: "\n")
        #expect(overview.contains("almanac help COMMAND") && !overview.contains("--base-url"), "the overview lists commands, not options")
        #expect(overview.split(separator: "\n").count < 30)
    }

    @Test func helpForAnUnknownCommandSuggestsTheNearest() {
        let captured = AlmanacCommandTests.Captured()
        #expect(AlmanacCommand(fileSystem: MemoryFileSystem()).run(["help", "biuld"], output: captured.output) == .usage)
        #expect(captured.error.first?.hasPrefix("almanac: error: unknown command 'biuld'; did you mean 'build'?") == true)
    }
}

@Suite struct AlmanacCommandTests {
    final class Captured {
        var standard: [String] = []
        var error: [String] = []
        var output: AlmanacCommand.Output {
            AlmanacCommand.Output(standard: { self.standard.append($0) }, error: { self.error.append($0) })
        }
    }

    let site = MemoryFileSystem([
        "Content/a.md": "---\ndata: a.csv\n---\n",
        "Content/a.csv": "name\nAlpha\nBeta\n",
    ])

    static let results = """
        <testsuites><testsuite name="tests.test_lib">
        <testcase classname="tests.test_lib" name="test_ok" file="tests/test_lib.py" line="3"/>
        <testcase classname="tests.test_lib" name="test_always_fail" file="tests/test_lib.py" line="25"><failure message="assert False">E assert False</failure></testcase>
        <testcase classname="tests.test_lib" name="test_no_file"><error message="boom"/></testcase>
        </testsuite></testsuites>
        """

    /// A CI job publishes the report, gets the failures on the diff, and still fails.
    @Test func aTestReportAnnotatesFailuresAndCanFailTheJob() {
        let files = MemoryFileSystem(["results.xml": Self.results])
        let captured = Captured()
        let status = AlmanacCommand(fileSystem: files).run(
            ["render", "results.xml", "--format", "md", "--annotations", "github", "--fail-on", "failures", "--quiet"], output: captured.output)
        #expect(status == .failure)
        #expect(captured.standard == [
            "::error file=tests/test_lib.py,line=25,title=test_always_fail::assert False",
            "::notice title=Test report::1 failing test names no source file: the report gives no file, and none was found"
                + " from the class name or the traceback. All 2 are in the report: Output/results.md",
        ])
        #expect(captured.error == ["almanac: 2 tests failed; the report was written"])
        #expect(files.exists("Output/results.md"))
        let lenient = Captured()
        #expect(AlmanacCommand(fileSystem: files).run(["render", "results.xml", "--format", "md", "--quiet"], output: lenient.output) == .success)
        #expect(lenient.standard.isEmpty)
        let wrong = Captured()
        #expect(AlmanacCommand(fileSystem: files).run(["render", "results.xml", "--annotations", "gitlab"], output: wrong.output) == .usage)
        let miscounted = MemoryFileSystem(["r.xml": #"<testsuite name="s" tests="5"><testcase name="a"/></testsuite>"#])
        let warned = Captured()
        #expect(AlmanacCommand(fileSystem: miscounted).run(["render", "r.xml", "--quiet"], output: warned.output) == .success)
        #expect(warned.error.first?.hasPrefix(#"r.xml:1:1: warning: suite 's' says tests="5" but holds 1 run"#) == true)
    }

    /// A job whose tests were never collected writes a report of none: green and empty
    /// unless asked otherwise.
    @Test(arguments: [
        (#"<testsuites/>"#, ["--fail-on", "failures"], nil),
        (#"<testsuites/>"#, ["--fail-on", "failures,empty"], "almanac: no test ran: the report holds none; the report was written"),
        (#"<testsuite name="s"><testcase name="a"><skipped/></testcase></testsuite>"#, ["--fail-on", "empty"],
         "almanac: no test ran: all 1 were skipped; the report was written"),
        (#"<testsuite name="s"><testcase name="a"/><testcase name="b"><skipped/></testcase></testsuite>"#, ["--min-tests", "2"],
         "almanac: 1 test ran, fewer than --min-tests 2; the report was written"),
        (#"<testsuite name="s"><testcase name="a"/><testcase name="b"/></testsuite>"#, ["--min-tests", "2", "--fail-on", "empty"], nil),
        (#"<testsuite name="s"><testcase name="a"><failure/></testcase></testsuite>"#, ["--fail-on", "failures", "--min-tests", "3"],
         "almanac: 1 test failed; 1 test ran, fewer than --min-tests 3; the report was written"),
    ] as [(String, [String], String?)])
    func aRunThatRanNothingCanFailTheJob(results: String, options: [String], failure: String?) {
        let files = MemoryFileSystem(["r.xml": results])
        let captured = Captured()
        let status = AlmanacCommand(fileSystem: files).run(["render", "r.xml", "--format", "md", "--quiet"] + options, output: captured.output)
        #expect(status == (failure == nil ? .success : .failure))
        #expect(captured.error == (failure.map { [$0] } ?? []))
        #expect(files.exists("Output/r.md"), "the report is written either way")
    }

    /// `--fail-on new-failures` lets a job pass with tests that were already failing, and
    /// fails it for one that broke now.
    @Test func onlyNewFailuresCanFailTheJob() {
        let failing = #"<testsuite name="s"><testcase classname="c" name="old"><failure/></testcase><testcase classname="c" name="b"/></testsuite>"#
        let broken = #"<testsuite name="s"><testcase classname="c" name="old"><failure/></testcase><testcase classname="c" name="b"><error/></testcase></testsuite>"#
        let files = MemoryFileSystem(["before.xml": failing, "same.xml": failing, "broken.xml": broken])
        let quiet = Captured()
        #expect(AlmanacCommand(fileSystem: files).run(["render", "before.xml", "--format", "json", "--output", "base", "--quiet"], output: quiet.output) == .success)
        let gate = ["--baseline", "base/before.json", "--fail-on", "new-failures", "--format", "md", "--quiet"]
        let same = Captured()
        #expect(AlmanacCommand(fileSystem: files).run(["render", "same.xml"] + gate, output: same.output) == .success)
        #expect(same.error.isEmpty)
        let worse = Captured()
        #expect(AlmanacCommand(fileSystem: files).run(["render", "broken.xml"] + gate, output: worse.output) == .failure)
        #expect(worse.error == ["almanac: 1 new failure since the baseline; the report was written"])
        let unanchored = Captured()
        #expect(AlmanacCommand(fileSystem: files).run(["render", "same.xml", "--fail-on", "new-failures"], output: unanchored.output) == .usage)
    }

    @Test(arguments: [["--fail-on", "failure"], ["--fail-on", "failures,"], ["--min-tests", "0"], ["--min-tests", "ten"]])
    func aGateThatCannotBeMetIsAUsageError(options: [String]) {
        let captured = Captured()
        let status = AlmanacCommand(fileSystem: MemoryFileSystem(["r.xml": "<testsuites/>"])).run(["render", "r.xml"] + options, output: captured.output)
        #expect(status == .usage)
    }

    @Test(arguments: [
        (["buidl"], "almanac: error: unknown command 'buidl'; did you mean 'build'?"),
        (["biuld", "--help"], "almanac: error: unknown command 'biuld'; did you mean 'build'?"),
        (["--verison"], "almanac: error: unknown option '--verison' for 'build'; did you mean '--version'?"),
        (["serve", "--prot", "3"], "almanac: error: unknown option '--prot' for 'serve'; did you mean '--port'?"),
    ])
    func typosGetADidYouMeanAndExitTwo(arguments: [String], message: String) {
        let captured = Captured()
        #expect(AlmanacCommand(fileSystem: MemoryFileSystem()).run(arguments, output: captured.output) == .usage)
        #expect(captured.error.first?.hasPrefix(message) == true, "\(captured.error)")
        #expect(captured.standard.isEmpty)
    }

    @Test func buildSucceedsWithASummary() {
        let captured = Captured()
        #expect(AlmanacCommand(fileSystem: site).run([], output: captured.output) == .success)
        #expect(captured.standard.first?.hasPrefix("Built 1 page, 2 rows: ") == true)
        #expect(site.exists("Output/a.md"))
    }

    @Test func secondBuildSaysWhatItKept() {
        let captured = Captured()
        _ = AlmanacCommand(fileSystem: site).run(["build", "--quiet"], output: captured.output)
        #expect(AlmanacCommand(fileSystem: site).run(["build", "--verbose"], output: captured.output) == .success)
        #expect(captured.standard.first?.hasPrefix("Built 1 page, 2 rows: nothing changed since the last build (") == true, "\(captured.standard)")
        // Each stage's time, and the memory the build had held by its end.
        #expect(captured.standard.dropFirst().allSatisfy { $0.hasPrefix("  ") && $0.contains(" s, peak ") && $0.hasSuffix(" MiB") })
        // Nothing to write: the build stops after reading, and says so.
        #expect(captured.standard.count == 2 && captured.standard.last?.hasPrefix("  load and model: ") == true, "the summary and one stage")
        try? site.write(Array("name\nAlpha\nBeta\nGamma\n".utf8), to: "Content/a.csv")
        let changed = Captured()
        _ = AlmanacCommand(fileSystem: site).run(["build"], output: changed.output)
        #expect(changed.standard.first?.contains("rendered ") == true && changed.standard.first?.contains("kept ") == true, "\(changed.standard)")
    }

    @Test func quietPrintsNothing() {
        let captured = Captured()
        #expect(AlmanacCommand(fileSystem: site).run(["build", "--quiet"], output: captured.output) == .success)
        #expect(captured.standard.isEmpty && captured.error.isEmpty)
    }

    @Test func badInputExitsOneWithACompilerStyleError() {
        let broken = MemoryFileSystem(["Content/a.md": "---\ndata: a.json\n---\n", "Content/a.json": "[1,\n"])
        let captured = Captured()
        #expect(AlmanacCommand(fileSystem: broken).run(["check"], output: captured.output) == .failure)
        #expect(captured.error.first?.hasPrefix("Content/a.json:1:1: error: unterminated array") == true)
        #expect(captured.error.first?.contains("\n  hint: ") == true)
    }

    @Test func badUsageExitsTwo() {
        let captured = Captured()
        #expect(AlmanacCommand(fileSystem: site).run(["build", "--colour"], output: captured.output) == .usage)
        #expect(captured.error.first?.contains("unknown option '--colour'") == true)
        #expect(AlmanacCommand(fileSystem: site).run(["render", "a.csv", "--format", "pdf"], output: captured.output) == .usage)
    }

    @Test func helpAndVersionExitZero() {
        let captured = Captured()
        #expect(AlmanacCommand(fileSystem: site).run(["--help"], output: captured.output) == .success)
        #expect(captured.standard.first?.contains("usage: almanac") == true)
        #expect(AlmanacCommand(fileSystem: site).run(["--version"], output: captured.output) == .success)
        #expect(captured.standard.last == "almanac \(AlmanacCommand.version)")
    }

    @Test func checkWritesNothing() {
        let captured = Captured()
        #expect(AlmanacCommand(fileSystem: site).run(["check"], output: captured.output) == .success)
        #expect(!site.exists("Output"))
        #expect(captured.standard.first == "Checked 1 page, 2 rows: no errors")
    }

    @Test func colourOnlyWhenAsked() {
        let error = Diagnostic.error(at: SourceLocation(path: "a.csv", line: 2, column: 3), "bad", hint: "fix it")
        #expect(DiagnosticPrinter(usesColor: false).format(error) == "a.csv:2:3: error: bad\n  hint: fix it")
        #expect(DiagnosticPrinter(usesColor: true).format(error).contains("\u{1B}[1;31merror"))
    }
}
