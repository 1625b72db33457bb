import GPUOps
import Testing

/// The program cache's key: equal bytes are one program, whatever string holds them; any
/// other byte, in the text or the options, is another.
@Suite struct KernelProgramSourceTests {
    static let text = "// “quoted”\n__kernel void k(__global uchar4 *p) { p[get_global_id(0)].x = 1; }\n"

    @Test func theSameBytesFromAnotherStringAreTheSameSource() {
        let a = KernelProgramSource(Self.text, options: "-DX=1")
        let b = KernelProgramSource(String(decoding: Array(Self.text.utf8), as: UTF8.self), options: "-DX=1")
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
    }

    @Test func anyOtherByteIsAnotherSource() {
        let a = KernelProgramSource(Self.text)
        #expect(a != KernelProgramSource(Self.text, options: "-DX=1"))
        #expect(a != KernelProgramSource(Self.text + " "))
        // Canonically equivalent text in other bytes (é composed, and e with a combining
        // accent) is another program: the compiler reads bytes.
        #expect(KernelProgramSource("// caf\u{E9}") != KernelProgramSource("// cafe\u{301}"))
        #expect(Set([a, KernelProgramSource(Self.text + " "), KernelProgramSource("// caf\u{E9}")]).count == 3)
    }
}
