@testable import AlmanacRender
import Testing

/// A failure's message is shown exactly as the runner wrote it, whatever its line ends and
/// backticks.
@Suite struct MarkdownBlocksTests {
    @Test(arguments: [
        ("a\r\nb\rc\n", "```text\na\nb\nc\n```\n\n"),
        ("x ``` y", "````text\nx ``` y\n````\n\n"),
        ("one `tick` and ````four````", "`````text\none `tick` and ````four````\n`````\n\n"),
        ("trailing\n\n\r\n", "```text\ntrailing\n```\n\n"),
        ("é \u{1F600}\r\n\r\n", "```text\né \u{1F600}\n```\n\n"),
        ("", "```text\n\n```\n\n"),
    ])
    func codeKeepsTheTextAndFencesItOutsideItsBackticks(text: String, block: String) {
        #expect(MarkdownBlocks.code(text) == block)
    }
}
