// A template tile kernel whose instance <16> runs only through a table of
// kernel pointers indexed at run time; at W = 16 the column 2 * tx leaves
// the row.
// launch: rt2_81_template_instance_table<32> 2 32x8
// launch: rt2_81_template_instance_table<16> 2 32x8 0 1024
template <int W>
__global__ void rt2_81_template_instance_table(const int *in, int *out, int p) {
    __shared__ float tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = (float)(in[blockIdx.x * 256 + tid] & 4095);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[ty & 3][(tx * (32 / W)) & 63] + tile[tx & 7][ty]);
}
#ifdef __CUDACC__
#include <stdlib.h>
void launch(const int *in, int *out) {
    rt2_81_template_instance_table<32><<<2, dim3(32, 8)>>>(in, out, 0);
    void (*table[])(const int *, int *, int) = {rt2_81_template_instance_table<32>, rt2_81_template_instance_table<16>};
    table[getenv("SMALL") ? 1 : 0]<<<2, dim3(32, 8)>>>(in, out + 1024, 0);
}
#endif
