// A cast of the whole tile to a flat array reference, reinterpret_cast<int (&)[1024]>(tile).
// launch: rt65_k 2 32x8
__global__ void rt65_k(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 65535;
    __syncthreads();
    int (&flat)[1024] = reinterpret_cast<int (&)[1024]>(tile);
    int acc = tile[tx][ty] * 3 + tile[tx][(ty + 8) & 31];
    acc += flat[(tid * 5) & 1023];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt65_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
