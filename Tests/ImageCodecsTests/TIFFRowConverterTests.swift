@testable import ImageCodecs
import Testing
import TestSupport

/// `TIFFRowConverter` (the whole-row loops for 8-bit contiguous gray and RGB) gives the bytes
/// of `TIFFPixelConverter`'s general sample-at-a-time path on random samples, at widths that
/// put the packed-RGB loop's last-pixel case on every side; the layouts it leaves alone still
/// take the general path.
@Suite struct TIFFRowConverterTests {
    typealias Layout = TIFFLayout

    static let fastLayouts: [(colour: Layout.Colour, alpha: Layout.Alpha, samples: Int)] = [
        (.gray(whiteIsZero: false), .none, 1),
        (.gray(whiteIsZero: true), .none, 1),
        (.gray(whiteIsZero: false), .none, 2),            // an unspecified extra sample, skipped
        (.gray(whiteIsZero: false), .unassociated, 2),
        (.gray(whiteIsZero: true), .unassociated, 2),
        (.gray(whiteIsZero: false), .unassociated, 3),
        (.rgb, .none, 3),
        (.rgb, .none, 4),
        (.rgb, .unassociated, 4),
        (.rgb, .unassociated, 5),
    ]

    static func layout(_ colour: Layout.Colour, _ alpha: Layout.Alpha, samples: Int, bits: Int = 8,
                       planar: Bool = false, width: Int, height: Int) -> Layout {
        Layout(width: width, height: height, bitsPerSample: bits, samplesPerPixel: samples, planar: planar,
               colour: colour, alpha: alpha)
    }

    @Test(arguments: 0..<fastLayouts.count)
    func rowsMatchTheGeneralPath(_ index: Int) {
        let (colour, alpha, samples) = Self.fastLayouts[index]
        var rng = SplitMix64(seed: UInt64(100 + index))
        for width in [1, 2, 3, 4, 5, 17, 64, 301] {
            let height = 3
            let layout = Self.layout(colour, alpha, samples: samples, width: width, height: height)
            #expect(TIFFRowConverter(layout) != nil)
            let bytes = (0..<(width * samples * height)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let input = TIFFSamples(bytes: bytes, rowBytes: width * samples, planes: 1)
            guard let rows = TIFFRowConverter(layout) else { continue }
            var fast = [UInt8](repeating: 0, count: width * height * 4)
            bytes.withUnsafeBufferPointer { s in
                fast.withUnsafeMutableBufferPointer { d in
                    for y in 0..<height {
                        rows.convert(s.baseAddress! + y * width * samples, into: d.baseAddress! + y * width * 4,
                                     width: width)
                    }
                }
            }
            let general = TIFFPixelConverter.generalRGBA(input, layout: layout)
            #expect(fast == general.pixels, "width \(width)")
            // What the codec reports for the fast layouts.
            #expect(general.opaque == (alpha == .none) && !general.throughProfile)
        }
    }

    @Test func otherLayoutsTakeTheGeneralPath() {
        let general: [Layout] = [
            Self.layout(.gray(whiteIsZero: false), .none, samples: 1, bits: 16, width: 4, height: 1),
            Self.layout(.gray(whiteIsZero: false), .none, samples: 1, bits: 4, width: 4, height: 1),
            Self.layout(.rgb, .none, samples: 3, bits: 16, width: 4, height: 1),
            Self.layout(.rgb, .unassociated, samples: 4, planar: true, width: 4, height: 1),
            Self.layout(.rgb, .associated, samples: 4, width: 4, height: 1),
            Self.layout(.gray(whiteIsZero: false), .associated, samples: 2, width: 4, height: 1),
            Self.layout(.cmyk, .none, samples: 4, width: 4, height: 1),
            Self.layout(.palette(red: [1, 2], green: [3, 4], blue: [5, 6]), .none, samples: 1, width: 4, height: 1),
        ]
        for layout in general {
            #expect(TIFFRowConverter(layout) == nil, "\(layout.colour) \(layout.bitsPerSample)-bit")
        }
    }
}
