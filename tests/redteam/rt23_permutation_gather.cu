// Indices read from a shared permutation table index a second shared
// array: the data decides the column.
// launch: rt23_perm 2 32x8
__global__ void rt23_perm(const int *in, int *out, int p) {
    __shared__ int perm[256];
    __shared__ float vals[8][33];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    perm[tid] = (tid * 37 + 11) & 255;
    if (tx < 32) vals[ty][tx] = (float)(in[blockIdx.x * 256 + tid] & 511);
    if (tx == 0) vals[ty][32] = -1.f;
    __syncthreads();
    int q = perm[tid];
    float acc = vals[q >> 5][q & 31] + vals[tx & 7][(perm[(tid + 1) & 255] % 33)];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt23_perm<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
