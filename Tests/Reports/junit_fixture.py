"""A JUnit XML report as a large test run writes it: suites of cases, some failing with long
tracebacks and output, some skipped, and test names that are hard on Markdown."""

from xml.sax.saxutils import escape, quoteattr


def failing_name(number):
    return f"test_case_{number:05d}|pipe `tick` <b>"


def report(cases, suites=40):
    """`cases` test cases in `suites` suites; every 50th fails, every 97th is skipped."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<testsuites>"]
    per_suite = cases // suites
    for suite in range(suites):
        name = f"pkg.module_{suite:02d}"
        lines.append(f"<testsuite name={quoteattr(name)} tests={quoteattr(str(per_suite))}>")
        for position in range(per_suite):
            number = suite * per_suite + position
            if number % 50 == 7:
                trace = "\n".join(f"    at step {step} (src/module_{suite}/file.py:{step * 3})" for step in range(30))
                lines.append(
                    f"<testcase classname={quoteattr(name)} name={quoteattr(failing_name(number))}"
                    f' file="src/module_{suite}/test.py" line="{position + 1}" time="0.{number % 9}1">'
                    f"<failure message={quoteattr(f'assert {number} == 0 <b>')}>"
                    f"{escape(traceback(number, trace))}</failure>"
                    f"<system-out>{escape(f'out {number} </details>')}</system-out></testcase>")
            elif number % 97 == 3:
                lines.append(f'<testcase classname={quoteattr(name)} name="test_case_{number:05d}" time="0">'
                             '<skipped message="not on CI"/></testcase>')
            else:
                lines.append(f'<testcase classname={quoteattr(name)} name="test_case_{number:05d}" time="0.0{number % 9}"/>')
        lines.append("</testsuite>")
    lines.append("</testsuites>")
    return "\n".join(lines) + "\n"


# How a failure's text ends: a fence and tags that must stay text.
TRACE_END = "``` a fence in the data\n</details> <script>alert(1)</script>"


def traceback(number, trace):
    return f"Traceback {number}\n{trace}\n{TRACE_END}"
