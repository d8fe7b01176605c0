// Two file-scope tiles named `tile`: the global one, read in range by one
// kernel, and smem::tile in a namespace, walked flat by another kernel
// through its qualified name. A rewrite of the global tile must not touch
// smem::tile's uses.
// launch: rt117_a 2 32x8
// launch: rt117_b 2 32x8 0 512
// expect: rewritten
__shared__ float tile[32][32];
namespace smem {
__shared__ float tile[32][32];
}
__global__ void rt117_a(const int *in, int *out, int p) {
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 255);
    __syncthreads();
    float acc = 0.f;
    for (int j = ty; j < 32; j += 8) acc += tile[tx][j];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
__global__ void rt117_b(const int *in, int *out, int p) {
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) smem::tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 255);
    __syncthreads();
    float acc = smem::tile[tx][ty] + smem::tile[0][(tid * 4 + 1) % 1024];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt117_a<<<2, dim3(32, 8)>>>(in, out, 0);
    rt117_b<<<2, dim3(32, 8)>>>(in, out + 512, 0);
}
#endif
