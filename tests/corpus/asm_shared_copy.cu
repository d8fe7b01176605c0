// rapcc-corpus: shared-arrays=4
// Shared-memory staging with inline PTX: cp.async copies from global into a
// double-buffered shared tile (addresses converted with
// __cvta_generic_to_shared), explicit ld.shared / st.shared of vectors, and
// ldmatrix-style 32-bit shared addresses computed by a helper. Also 128-bit
// accesses through reinterpret_cast<float4 *> of a shared array, pointer
// aliases into shared memory, and __launch_bounds__.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <cuda_runtime.h>

#define TILE 64
#define THREADS 256
#define STAGES 2
#define SMEM_PAD 4

__device__ __forceinline__ uint32_t smem_u32addr(const void *ptr)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(ptr));
}

__device__ __forceinline__ void cp_async_16(void *smem_ptr, const void *gmem_ptr)
{
    uint32_t saddr = smem_u32addr(smem_ptr);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(saddr), "l"(gmem_ptr));
}

__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }

template <int N>
__device__ __forceinline__ void cp_async_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N)); }

__device__ __forceinline__ float4 lds128(const float *p)
{
    float4 v;
    asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];\n"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
                 : "r"(smem_u32addr(p)));
    return v;
}

__device__ __forceinline__ void sts32(float *p, float v)
{
    asm volatile("st.shared.f32 [%0], %1;\n" ::"r"(smem_u32addr(p)), "f"(v) : "memory");
}

// Row sums of a (rows x TILE) matrix, TILE columns staged per iteration.
__global__ void __launch_bounds__(THREADS, 2)
    rowsum_cp_async(const float *__restrict__ in, float *__restrict__ out, int rows, int cols)
{
    __shared__ __align__(16) float tile[STAGES][TILE / 4][TILE + SMEM_PAD];
    __shared__ float partial[THREADS];

    const int tid = threadIdx.x;
    const int row0 = blockIdx.x * (TILE / 4);
    const int r = tid / (TILE / 4);
    const int c4 = (tid % (TILE / 4)) * 4;

    int stage = 0;
    if (row0 + r < rows) cp_async_16(&tile[stage][r][c4], in + (size_t)(row0 + r) * cols + c4);
    cp_async_commit();

    float acc = 0.f;
    for (int k = 0; k < cols; k += TILE) {
        int next = stage ^ 1;
        if (k + TILE < cols && row0 + r < rows)
            cp_async_16(&tile[next][r][c4], in + (size_t)(row0 + r) * cols + k + TILE + c4);
        cp_async_commit();
        cp_async_wait<1>();
        __syncthreads();

        float4 v = lds128(&tile[stage][r][c4]);
        acc += v.x + v.y + v.z + v.w;
        __syncthreads();
        stage = next;
    }

    sts32(&partial[tid], acc);
    __syncthreads();
    if (tid < TILE / 4) {
        float *rowp = &partial[tid * (TILE / 4)];
        float s = 0.f;
        for (int i = 0; i < TILE / 4; i++) s += rowp[i];
        if (row0 + tid < rows) out[row0 + tid] = s;
    }
}

// Vectorised copy through shared memory with reinterpret_cast.
__global__ void __launch_bounds__(THREADS) copy_vec4(const float4 *__restrict__ src, float4 *__restrict__ dst, int n4)
{
    __shared__ float buf[THREADS * 4];
    float4 *buf4 = reinterpret_cast<float4 *>(buf);
    float *p = &buf[0];

    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) buf4[threadIdx.x] = src[i];
    __syncthreads();

    // Rotate within the block: thread t writes the element of thread t+1.
    int j = (threadIdx.x + 1) % blockDim.x;
    float4 v = make_float4(p[4 * j + 0], p[4 * j + 1], p[4 * j + 2], p[4 * j + 3]);
    if (i < n4) dst[i] = v;
}

// Integer shared buffer accessed through a char alias and an ld.shared.u8.
__global__ void byte_histogram(const uint8_t *data, unsigned int *hist, int n)
{
    __shared__ unsigned int counts[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) counts[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        unsigned int v;
        asm("ld.global.nc.u8 %0, [%1];" : "=r"(v) : "l"(data + i));
        atomicAdd(&counts[v], 1u);
    }
    __syncthreads();
    unsigned char *bytes = (unsigned char *)counts;
    (void)bytes;
    for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&hist[b], counts[b]);
}

int main()
{
    const int rows = 4096, cols = 1024;
    std::vector<float> h_in((size_t)rows * cols, 1.0f), h_out(rows);
    float *d_in, *d_out;
    cudaMalloc(&d_in, h_in.size() * sizeof(float));
    cudaMalloc(&d_out, rows * sizeof(float));
    cudaMemcpy(d_in, h_in.data(), h_in.size() * sizeof(float), cudaMemcpyHostToDevice);

    rowsum_cp_async<<<rows / (TILE / 4), THREADS>>>(d_in, d_out, rows, cols);
    copy_vec4<<<(rows * cols / 4 + THREADS - 1) / THREADS, THREADS>>>(reinterpret_cast<const float4 *>(d_in),
                                                                       reinterpret_cast<float4 *>(d_in),
                                                                       rows * cols / 4);
    unsigned int *d_hist;
    cudaMalloc(&d_hist, 256 * sizeof(unsigned int));
    cudaMemset(d_hist, 0, 256 * sizeof(unsigned int));
    byte_histogram<<<64, THREADS>>>(reinterpret_cast<const uint8_t *>(d_in), d_hist, rows * cols * 4);
    cudaMemcpy(h_out.data(), d_out, rows * sizeof(float), cudaMemcpyDeviceToHost);
    std::printf("out[0] = %f (expect %d)\n", h_out[0], cols);

    cudaFree(d_hist);
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
