// One kernel template for int and double, `if constexpr (sizeof(T) == 8)`
// choosing a flat walk for the 8-byte instance only; both instances launched.
// launch: rt45_k<int> 2 32x8
// launch: rt45_k<double> 2 32x8 0 256
template <typename T>
__global__ void rt45_k(const int *in, int *out, int p) {
    __shared__ T tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = (T)(in[blockIdx.x * 1024 + j * 32 + tx] & 1023);
    __syncthreads();
    T acc = tile[tx][ty];
    if constexpr (sizeof(T) == 8) acc += (&tile[0][0])[tid * 4 + 1];
    else acc += tile[ty][tx];
    out[blockIdx.x * 256 + tid] = (int)acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt45_k<int><<<2, dim3(32, 8)>>>(in, out, 0);
    rt45_k<double><<<2, dim3(32, 8)>>>(in, out + 512, 0);
}
#endif
