// The fields written through an unsigned pointer to b.x, f[0] and f[1].
// launch: rt2_99_launch_field_pointer 2 64x4
__global__ void rt2_99_launch_field_pointer(const int *in, int *out, int p) {
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
    unsigned *f = &b.x;
    f[0] = 64;
    f[1] = 4;
    rt2_99_launch_field_pointer<<<2, b>>>(in, out, 0);
}
#endif
