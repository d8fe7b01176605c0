// Placement new constructs each element in the tile, and a second placement
// new views the whole tile as a flat array of 256.
// launch: rt2_26_placement_new 2 32x8
#include <new>
__global__ void rt2_26_placement_new(const int *in, int *out, int p) {
    __shared__ float tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    new (&tile[ty][tx]) float((float)(in[blockIdx.x * 256 + tid] & 4095));
    __syncthreads();
    float *flat = new (&tile[0][0]) float[1];
    out[blockIdx.x * 256 + tid] = __float_as_int(flat[(tid * 9) & 255] + tile[tx & 7][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_26_placement_new<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
