// A file-scope tile in a named namespace, used by its qualified name
// (smem::tile) in one kernel and through a using-declaration in a helper:
// reads in range, legal (rapcc does not see namespace-scope shared arrays: kept).
// launch: rt116_k 2 32x8
namespace smem {
__shared__ float tile[32][32];
}
__device__ float column(int c, int ty) {
    using smem::tile;
    float s = 0.f;
    for (int j = ty; j < 32; j += 8) s += tile[c][j];
    return s;
}
__global__ void rt116_k(const int *in, int *out, int p) {
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) smem::tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 255);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(column(tx, ty) + smem::tile[tx][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt116_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
