// A reference to b.x, then both fields moved through references.
// launch: rt2_106_launch_field_reference 2 64x4
__global__ void rt2_106_launch_field_reference(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    dim3 b(32, 8);
    unsigned &bx = b.x, &by = b.y;
    bx <<= 1;
    by >>= 1;
    rt2_106_launch_field_reference<<<2, b>>>(in, out, 0);
}
#endif
