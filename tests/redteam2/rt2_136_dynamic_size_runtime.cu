// 40 KB of static tile and a dynamic buffer whose size is known only at
// run time (8 KB here): static plus dynamic is 48 KB, and a static tile
// grown by padding no longer launches.
// launch: rt2_136_dynamic_size_runtime 2 32x8 0 0 smem=8192
// expect: rewritten
// static: its file's launches are every launch (the premise of a single file is rt2_118's), so
// the layout needs no test of blockDim, whose cost outweighs the small gain predicted here.
static __global__ void rt2_136_dynamic_size_runtime(const int *in, int *out, int p) {
    __shared__ float tile[80][128];
    extern __shared__ int spill[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int i = tid; i < 80 * 128; i += 256)
        tile[i / 128][i % 128] = (float)(in[(blockIdx.x * 256 + i) & 4095] & 1023);
    for (int i = tid; i < 2048; i += 256) spill[i] = i;
    __syncthreads();
    float acc = 0.0f;
    for (int r = 0; r < 80; r += 8)
        acc += tile[r + ty][tx * 4] + (float)spill[(r * 32 + tid) & 2047];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
#include <stdlib.h>
void launch(const int *in, int *out) {
    const size_t bytes = (size_t)atoi(getenv("SPILL") ? getenv("SPILL") : "8192");
    rt2_136_dynamic_size_runtime<<<2, dim3(32, 8), bytes>>>(in, out, 0);
}
#endif
