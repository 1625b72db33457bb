import ArgumentParser
import GPUOps
import SystemIO

// The library's enums stay free of ArgumentParser; these CLI-side mirrors give the options
// their spelling, their help listing and their aliases.

/// `--fit cover|contain|pad`.
enum FitArgument: String, CaseIterable, ExpressibleByArgument {
    case cover, contain, pad

    var mode: FitMode {
        switch self {
        case .cover: .cover
        case .contain: .contain
        case .pad: .pad
        }
    }
}

/// `--jpeg-subsampling 4:4:4|4:2:2|4:2:0`.
enum JPEGSubsamplingArgument: String, CaseIterable, ExpressibleByArgument {
    case s444 = "4:4:4", s422 = "4:2:2", s420 = "4:2:0"

    var subsampling: JPEGSubsampling {
        switch self {
        case .s444: .s444
        case .s422: .s422
        case .s420: .s420
        }
    }
}

/// `--png-compression fast|standard|smallest`.
enum PNGCompressionArgument: String, CaseIterable, ExpressibleByArgument {
    case fast, standard, smallest

    var compression: PNGCompression {
        switch self {
        case .fast: .fast
        case .standard: .standard
        case .smallest: .smallest
        }
    }
}

/// `--gravity centre|north|south|east|west|attention|entropy`; `center` is accepted for
/// `centre`.
enum GravityArgument: String, CaseIterable, ExpressibleByArgument {
    case centre, north, south, east, west, attention, entropy

    init?(argument: String) {
        if argument == "center" {
            self = .centre
        } else {
            self.init(rawValue: argument)
        }
    }

    var gravity: Gravity {
        switch self {
        case .centre: .centre
        case .north: .north
        case .south: .south
        case .east: .east
        case .west: .west
        case .attention: .attention
        case .entropy: .entropy
        }
    }
}

/// `--filter box|bilinear|hamming|bicubic|lanczos|mks2013|mks2021`.
enum FilterArgument: String, CaseIterable, ExpressibleByArgument {
    case box, bilinear, hamming, bicubic, lanczos, mks2013, mks2021

    var filter: ResampleFilter {
        switch self {
        case .box: .box
        case .bilinear: .bilinear
        case .hamming: .hamming
        case .bicubic: .bicubic
        case .lanczos: .lanczos
        case .mks2013: .mks2013
        case .mks2021: .mks2021
        }
    }
}

/// `--format keep|jpeg|png|webp|avif|jxl|gif`: `keep` writes each image in its input's format.
/// `jpg` is accepted for `jpeg`.
enum FormatArgument: String, CaseIterable, ExpressibleByArgument {
    case keep, jpeg, png, webp, avif, jxl, gif

    init?(argument: String) {
        if argument == "jpg" {
            self = .jpeg
        } else {
            self.init(rawValue: argument)
        }
    }

    /// The fixed output format, or nil for `keep`.
    var fixedFormat: ImageFormat? {
        switch self {
        case .keep: nil
        case .jpeg: .jpeg
        case .png: .png
        case .webp: .webp
        case .avif: .avif
        case .jxl: .jxl
        case .gif: .gif
        }
    }
}

/// `--icc keep|strip|srgb`: embed the input's ICC colour profile in the output, or not, or
/// convert the image from it to sRGB (the output then carries none).
enum ICCArgument: String, CaseIterable, ExpressibleByArgument {
    case keep, strip, srgb
}

/// `--fail-on` (libvips' names): `error` accepts what Pillow 13 accepts (libjpeg's warnings
/// about damaged data included); `warning` also refuses files that make libjpeg warn.
enum FailOnArgument: String, CaseIterable, ExpressibleByArgument {
    case error, warning
}

/// `--device-share all|measured|N`.
struct DeviceShareArgument: ExpressibleByArgument {
    let share: DeviceShare

    init?(argument: String) {
        switch argument.lowercased() {
        case "all": share = .all
        case "measured": share = .measured
        default:
            guard let n = Int(argument), n >= 1 else { return nil }
            share = .atMost(n)
        }
    }

    static var defaultCompletionKind: CompletionKind { .list(["all", "measured"]) }
}

/// `--decode auto|host|device`: where JPEGs are decoded (`DecodeMode`).
enum DecodeArgument: String, CaseIterable, ExpressibleByArgument {
    case auto, host, device

    var mode: DecodeMode {
        switch self {
        case .auto: .auto
        case .host: .host
        case .device: .device
        }
    }
}
