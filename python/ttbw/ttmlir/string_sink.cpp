// Accumulates the text an MLIR C API printer streams out (mlirOperationPrint and friends call
// their callback once per fragment) in C, so printing never calls back into Python.
#include <cstdlib>
#include <cstring>

extern "C" {

struct MlirStringRef {
    const char* data;
    size_t length;
};

struct TtbwStringSink {
    char* data;
    size_t length, capacity;
    int failed;  // out of memory: the text is incomplete
};

// The MlirStringCallback: appends one fragment to the sink passed as user data.
void ttbw_string_sink_append(MlirStringRef text, void* user_data) {
    auto* sink = static_cast<TtbwStringSink*>(user_data);
    if (sink->failed || text.length == 0) return;
    if (sink->length + text.length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity : 4096;
        while (capacity < sink->length + text.length) capacity *= 2;
        auto* grown = static_cast<char*>(std::realloc(sink->data, capacity));
        if (!grown) { sink->failed = 1; return; }
        sink->data = grown;
        sink->capacity = capacity;
    }
    std::memcpy(sink->data + sink->length, text.data, text.length);
    sink->length += text.length;
}

void ttbw_string_sink_release(TtbwStringSink* sink) {
    std::free(sink->data);
    *sink = TtbwStringSink{nullptr, 0, 0, 0};
}

}  // extern "C"
