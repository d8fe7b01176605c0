// The block computed by std::min/std::max helpers from a problem width of
// 100: bx = min(64, width), by = max(1, 256 / bx), so 64x4; the read tile[ty][tx] runs
// past the 32-wide rows.
// launch: rt5_42_minmax 2 64x4
__global__ void rt5_42_minmax(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 1023;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tid % 8][tid / 8] - tile[ty][tx];
}
#ifdef __CUDACC__
#include <algorithm>
static dim3 pick_block(int width) {
    const int bx = std::min(64, width);
    return dim3(bx, std::max(1, 256 / bx));
}
void launch(const int *in, int *out) { rt5_42_minmax<<<2, pick_block(100)>>>(in, out, 0); }
#endif
